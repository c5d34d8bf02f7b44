struct point {
    int x;
    int y;
};

static struct point origin;
