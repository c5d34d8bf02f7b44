println("hello")
