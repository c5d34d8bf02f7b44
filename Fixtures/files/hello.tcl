proc greet {name} {
    puts "hello, $name"
}
set who uti
greet $who
