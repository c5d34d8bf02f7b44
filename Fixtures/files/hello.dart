void main() => print('hello');
