const greet = (name: string): string => `hello ${name}`;
console.log(greet("ts"));
