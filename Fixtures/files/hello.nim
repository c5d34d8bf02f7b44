echo "hello"
