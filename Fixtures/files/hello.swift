print("hello")
let answer = [1, 2, 3].map { $0 * 2 }
