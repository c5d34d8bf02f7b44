const greet = (name) => `hello ${name}`;
console.log(greet("js"));
