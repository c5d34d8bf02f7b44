#import <Foundation/Foundation.h>

int main(void) {
    @autoreleasepool { NSLog(@"hello"); }
    return 0;
}
