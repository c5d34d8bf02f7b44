// Adds two vectors element by element: one work item per element.
__kernel void vector_add(__global const float *a, __global const float *b, __global float *sum)
{
    size_t i = get_global_id(0);
    sum[i] = a[i] + b[i];
}
