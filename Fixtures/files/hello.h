#ifndef HELLO_H
#define HELLO_H
int greet(const char *name);
#endif
