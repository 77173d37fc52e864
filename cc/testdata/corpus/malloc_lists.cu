//@ kernel: malloc_lists
//@ grid: 1
//@ block: 32
//@ arg: gen:s32:32:1:20
//@ arg: zero:256
// malloc and free: a linked list of structs built by each thread, summed
// and freed; an array of doubles; a null check; free(NULL).
#include <cstdlib>
struct Node {
	int v;
	Node *next;
};
extern "C" __global__ void malloc_lists(const int *in, int *out)
{
	int t = threadIdx.x, n = in[t];
	Node *head = 0;
	for (int k = 0; k < n; k++) {
		Node *p = (Node *)malloc(sizeof(Node));
		if (!p) {
			out[t * 2] = -1;
			return;
		}
		p->v = k * t;
		p->next = head;
		head = p;
	}
	int s = 0, len = 0;
	while (head) {
		Node *p = head;
		s += p->v;
		len++;
		head = p->next;
		free(p);
	}
	double *d = (double *)malloc(n * sizeof(double));
	double acc = 0;
	if (d) {
		for (int k = 0; k < n; k++)
			d[k] = k * 0.5;
		for (int k = 0; k < n; k++)
			acc += d[k];
	}
	free(d);
	free(0);
	out[t * 2] = s * 100 + len;
	out[t * 2 + 1] = (int)(acc * 2);
}
