function add(a, b) {
  return a + b;
}
const total = add(1, 2);
console.log(total);
