OutFile "setup.exe"
Section
SectionEnd
