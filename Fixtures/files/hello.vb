Module Hello
    Sub Main()
        System.Console.WriteLine("Hello")
    End Sub
End Module
