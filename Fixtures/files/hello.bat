@echo off
rem uti fixture
echo Hello
