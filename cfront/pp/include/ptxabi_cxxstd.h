/* Built-in stand-ins for the C++ standard library headers (<iostream>,
   <vector>, <string>, <exception>, <memory>, <algorithm>, <chrono>,
   <fstream>, ...): the names that host code beside device code declares
   things with, as classes and templates with __a few members. They are
   parsed, never compiled: device code cannot use the standard library
   (guide chapter 7). */
#ifndef __PTXABI_CXXSTD_H
#define __PTXABI_CXXSTD_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#define __PTXABI_CXXCORE_STD_WANTED
#include <ptxabi_cxxcore.h>
/* libstdc++'s <string>, <iostream> and the other stream and container
   headers include <pthread.h> (through its thread-support header). */
#include <pthread.h>
namespace std {
/* <stdexcept> */
class logic_error : public exception { public: explicit logic_error(const char *__what); };
class runtime_error : public exception { public: explicit runtime_error(const char *__what); };
class invalid_argument : public logic_error { public: explicit invalid_argument(const char *__what); };
class out_of_range : public logic_error { public: explicit out_of_range(const char *__what); };
class length_error : public logic_error { public: explicit length_error(const char *__what); };
class overflow_error : public runtime_error { public: explicit overflow_error(const char *__what); };
class range_error : public runtime_error { public: explicit range_error(const char *__what); };

/* <functional> */
template <class __T> struct less {};
template <class __T> struct greater {};
template <class __T> struct plus {};
template <class __T> struct multiplies {};
template <class __T> struct hash {};
template <class __F> class function {};

/* <string>, <string_view> */
template <class __C> struct char_traits {};
template <class __T> class allocator {
public:
	typedef __T value_type;
	typedef size_t size_type;
};
inline namespace __cxx11 {
template <class __C, class __Tr = char_traits<__C>, class __A = allocator<__C> > class basic_string {
public:
	typedef __C value_type;
	typedef size_t size_type;
	typedef __C *iterator;
	typedef const __C *const_iterator;
	static const size_type npos = (size_type)-1;
	basic_string();
	basic_string(const __C *__s);
	basic_string(const basic_string &__s);
	~basic_string();
	const __C *c_str() const;
	const __C *data() const;
	size_type size() const;
	size_type length() const;
	bool empty() const;
};
}
typedef basic_string<char> string;
typedef basic_string<wchar_t> wstring;
string to_string(int __v);
string to_string(long __v);
string to_string(unsigned __v);
string to_string(unsigned long __v);
string to_string(long long __v);
string to_string(unsigned long long __v);
string to_string(float __v);
string to_string(double __v);
int stoi(const string &__s);
long stol(const string &__s);
float stof(const string &__s);
double stod(const string &__s);

/* <vector>, <array>, <list>, <deque>, <map>, <set>, <unordered_map>,
   <unordered_set>, <queue>, <stack>, <tuple> */
template <class __T, class __A = allocator<__T> > class vector {
public:
	typedef __T value_type;
	typedef size_t size_type;
	typedef __T &reference;
	typedef const __T &const_reference;
	typedef __T *iterator;
	typedef const __T *const_iterator;
	vector();
	explicit vector(size_type __n);
	vector(size_type __n, const __T &__v);
	vector(const vector &__o);
	~vector();
	size_type size() const;
	bool empty() const;
	__T *data();
	const __T *data() const;
	void push_back(const __T &__v);
	void resize(size_type __n);
	void reserve(size_type __n);
	void clear();
};
template <class __T, size_t __N> struct array {
	typedef __T value_type;
	typedef size_t size_type;
	__T elems[__N ? __N : 1];
	size_type size() const;
	__T *data();
};
/* <iterator>: the iterator tags and std::iterator, a base that names
   the types of an iterator class. */
struct input_iterator_tag {};
struct output_iterator_tag {};
struct forward_iterator_tag : public input_iterator_tag {};
struct bidirectional_iterator_tag : public forward_iterator_tag {};
struct random_access_iterator_tag : public bidirectional_iterator_tag {};
template <class __Category, class __T, class __Distance = ptrdiff_t, class __Pointer = __T *, class __Reference = __T &>
struct iterator {
	typedef __Category iterator_category;
	typedef __T value_type;
	typedef __Distance difference_type;
	typedef __Pointer pointer;
	typedef __Reference reference;
};
template <class __T> struct _List_iterator { __T &operator*() const; _List_iterator &operator++(); };
template <class __T> struct _List_const_iterator { const __T &operator*() const; _List_const_iterator &operator++(); };
template <class __It> class reverse_iterator { public: reverse_iterator(); explicit reverse_iterator(__It __i); };
template <class __T, class __A = allocator<__T> > class list {
public:
	typedef __T value_type;
	typedef size_t size_type;
	typedef __T &reference;
	typedef const __T &const_reference;
	typedef _List_iterator<__T> iterator;
	typedef _List_const_iterator<__T> const_iterator;
	typedef std::reverse_iterator<iterator> reverse_iterator;
	typedef std::reverse_iterator<const_iterator> const_reverse_iterator;
	list();
	~list();
	size_type size() const;
	bool empty() const;
	iterator begin();
	iterator end();
	void push_back(const __T &__v);
};
template <class __T, class __A = allocator<__T> > class deque { public: typedef __T value_type; deque(); ~deque(); };
template <class __K, class __V, class __C = less<__K>, class __A = allocator<pair<const __K, __V> > > class map {
public:
	typedef __K key_type;
	typedef __V mapped_type;
	map();
	~map();
};
template <class __K, class __V, class __C = less<__K>, class __A = allocator<pair<const __K, __V> > > class multimap { public: multimap(); ~multimap(); };
template <class __K, class __C = less<__K>, class __A = allocator<__K> > class set { public: typedef __K key_type; set(); ~set(); };
template <class __K, class __V, class __H = hash<__K>, class __E = less<__K>, class __A = allocator<pair<const __K, __V> > > class unordered_map {
public:
	typedef __K key_type;
	typedef __V mapped_type;
	unordered_map();
	~unordered_map();
};
template <class __K, class __H = hash<__K>, class __E = less<__K>, class __A = allocator<__K> > class unordered_set { public: unordered_set(); ~unordered_set(); };
template <class __T, class __C = deque<__T> > class queue { public: queue(); ~queue(); };
template <class __T, class __C = vector<__T>, class __Cmp = less<__T> > class priority_queue { public: priority_queue(); ~priority_queue(); };
template <class __T, class __C = deque<__T> > class stack { public: stack(); ~stack(); };

/* <memory> */
template <class __T> struct default_delete {};
template <class __T, class __D = default_delete<__T> > class unique_ptr {
public:
	typedef __T element_type;
	unique_ptr();
	explicit unique_ptr(__T *__p);
	~unique_ptr();
	__T *get() const;
	__T *release();
	void reset(__T *__p);
};
template <class __T> class shared_ptr {
public:
	typedef __T element_type;
	shared_ptr();
	explicit shared_ptr(__T *__p);
	shared_ptr(const shared_ptr &__o);
	~shared_ptr();
	__T *get() const;
};
template <class __T> class weak_ptr { public: weak_ptr(); ~weak_ptr(); };

/* <algorithm>, <numeric>, <cmath> */
template <class __T> const __T &min(const __T &__a, const __T &__b);
template <class __T> const __T &max(const __T &__a, const __T &__b);
template <class __T> __T abs(__T __v);
template <class __It> void sort(__It first, __It __last);
template <class __It, class __T> void fill(__It first, __It __last, const __T &__v);
template <class __It, class __Out> __Out copy(__It first, __It __last, __Out out);
template <class __It, class __T> __T accumulate(__It first, __It __last, __T __init);
template <class __It, class __T> __It find(__It first, __It __last, const __T &__v);
template <class __It> __It max_element(__It first, __It __last);
template <class __It> __It min_element(__It first, __It __last);
template <class __It> void reverse(__It first, __It __last);

/* <ios>, <iostream>, <sstream>, <fstream>, <iomanip> */
typedef long long streamsize;
typedef long long streamoff;
class ios_base {
public:
	typedef unsigned int openmode;
	typedef unsigned int fmtflags;
	static const openmode in = 8;
	static const openmode out = 16;
	static const openmode binary = 4;
	static const openmode app = 1;
	static const openmode ate = 2;
	static const openmode trunc = 32;
	static const fmtflags fixed = 4;
	static const fmtflags scientific = 256;
	static const fmtflags hex = 8;
	static const fmtflags dec = 2;
};
template <class __C, class __Tr = char_traits<__C> > class basic_ios : public ios_base {
public:
	bool good() const;
	bool fail() const;
	bool eof() const;
};
template <class __C, class __Tr = char_traits<__C> > class basic_ostream : public basic_ios<__C, __Tr> {
public:
	basic_ostream &write(const __C *__s, streamsize __n);
	basic_ostream &flush();
};
template <class __C, class __Tr = char_traits<__C> > class basic_istream : public basic_ios<__C, __Tr> {
public:
	basic_istream &read(__C *__s, streamsize __n);
};
template <class __C, class __Tr = char_traits<__C> > class basic_iostream : public basic_istream<__C, __Tr> {};
typedef basic_ios<char> ios;
typedef basic_ostream<char> ostream;
typedef basic_istream<char> istream;
typedef basic_iostream<char> iostream;
extern ostream cout;
extern ostream cerr;
extern ostream clog;
extern istream cin;
ostream &endl(ostream &__os);
ostream &flush(ostream &__os);
ios_base &fixed(ios_base &__s);
ios_base &scientific(ios_base &__s);
ios_base &hex(ios_base &__s);
ios_base &dec(ios_base &__s);
struct __ptxabi_manip { int __n; };
__ptxabi_manip setw(int __n);
__ptxabi_manip setprecision(int __n);
__ptxabi_manip setfill(char c);
class stringstream : public iostream { public: stringstream(); ~stringstream(); string str() const; };
class ostringstream : public ostream { public: ostringstream(); ~ostringstream(); string str() const; };
class istringstream : public istream { public: istringstream(const string &__s); ~istringstream(); };
class ifstream : public istream {
public:
	ifstream();
	explicit ifstream(const char *__name, ios_base::openmode __mode = ios_base::in);
	explicit ifstream(const string &__name, ios_base::openmode __mode = ios_base::in);
	~ifstream();
	bool is_open() const;
	void close();
};
class ofstream : public ostream {
public:
	ofstream();
	explicit ofstream(const char *__name, ios_base::openmode __mode = ios_base::out);
	explicit ofstream(const string &__name, ios_base::openmode __mode = ios_base::out);
	~ofstream();
	bool is_open() const;
	void close();
};
class fstream : public iostream {
public:
	fstream();
	~fstream();
	bool is_open() const;
	void close();
};

/* <ratio>, <chrono> */
template <intmax_t __N, intmax_t __D = 1> struct ratio {
	static const intmax_t num = __N;
	static const intmax_t den = __D;
};
typedef ratio<1, 1000000000> nano;
typedef ratio<1, 1000000> micro;
typedef ratio<1, 1000> milli;
namespace chrono {
template <class __Rep, class __Period = ratio<1> > class duration {
public:
	typedef __Rep rep;
	typedef __Period period;
	duration();
	rep count() const;
};
typedef duration<long long, nano> nanoseconds;
typedef duration<long long, micro> microseconds;
typedef duration<long long, milli> milliseconds;
typedef duration<long long> seconds;
typedef duration<long long, ratio<60> > minutes;
typedef duration<long long, ratio<3600> > hours;
template <class __Clock, class __Dur = typename __Clock::duration> class time_point {
public:
	typedef __Clock clock;
	typedef __Dur duration;
	time_point();
	duration time_since_epoch() const;
};
class system_clock {
public:
	typedef nanoseconds duration;
	typedef chrono::time_point<system_clock> time_point;
	static time_point now();
};
class steady_clock {
public:
	typedef nanoseconds duration;
	typedef chrono::time_point<steady_clock> time_point;
	static time_point now();
};
typedef steady_clock high_resolution_clock;
template <class __To, class __Rep, class __Period> __To duration_cast(const duration<__Rep, __Period> &__d);
}

/* <thread>, <mutex>, <atomic>, <random> */
class thread { public: thread(); ~thread(); void join(); bool joinable() const; };
class mutex { public: mutex(); ~mutex(); void lock(); void unlock(); };
template <class __M> class lock_guard { public: explicit lock_guard(__M &__m); ~lock_guard(); };
template <class __T> struct atomic { __T load() const; void store(__T __v); };
class random_device { public: typedef unsigned int result_type; random_device(); ~random_device(); result_type operator()(); };
class mt19937 { public: typedef unsigned int result_type; mt19937(); explicit mt19937(result_type __seed); result_type operator()(); };
class mt19937_64 { public: typedef unsigned long long result_type; mt19937_64(); explicit mt19937_64(result_type __seed); result_type operator()(); };
typedef mt19937 default_random_engine;
template <class __T = int> class uniform_int_distribution { public: uniform_int_distribution(__T __a, __T __b); };
template <class __T = double> class uniform_real_distribution { public: uniform_real_distribution(__T __a, __T __b); };
template <class __T = double> class normal_distribution { public: normal_distribution(__T __mean, __T __stddev); };
}
#endif
