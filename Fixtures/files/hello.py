def main():
    print("hello")

main()
