pico-8 cartridge // http://www.pico-8.com
version 41
__lua__
print("hello")
