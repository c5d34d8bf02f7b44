fun main() {
    println("hello")
}
