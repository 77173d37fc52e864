/* Built-in stand-ins for the C++ standard library headers (<iostream>,
   <vector>, <string>, <exception>, <memory>, <algorithm>, <chrono>,
   <fstream>, ...): the names that host code beside device code declares
   things with, as classes and templates with a few members. They are
   parsed, never compiled: device code cannot use the standard library
   (guide chapter 7). */
#ifndef __PTXABI_CXXSTD_H
#define __PTXABI_CXXSTD_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
namespace std {
typedef ::size_t size_t;
typedef ::ptrdiff_t ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
typedef ::int8_t int8_t;
typedef ::int16_t int16_t;
typedef ::int32_t int32_t;
typedef ::int64_t int64_t;
typedef ::uint8_t uint8_t;
typedef ::uint16_t uint16_t;
typedef ::uint32_t uint32_t;
typedef ::uint64_t uint64_t;
typedef ::intmax_t intmax_t;
typedef ::uintmax_t uintmax_t;
typedef ::uintptr_t uintptr_t;
using ::printf;
using ::malloc;
using ::free;
using ::memcpy;
using ::memset;

/* <exception>, <stdexcept>, <new> */
class exception {
public:
	exception();
	virtual ~exception();
	virtual const char *what() const;
};
class bad_alloc : public exception {};
class logic_error : public exception { public: explicit logic_error(const char *what); };
class runtime_error : public exception { public: explicit runtime_error(const char *what); };
class invalid_argument : public logic_error { public: explicit invalid_argument(const char *what); };
class out_of_range : public logic_error { public: explicit out_of_range(const char *what); };
class length_error : public logic_error { public: explicit length_error(const char *what); };
class overflow_error : public runtime_error { public: explicit overflow_error(const char *what); };
class range_error : public runtime_error { public: explicit range_error(const char *what); };
void terminate();
struct nothrow_t {};
extern const nothrow_t nothrow;

/* <utility>, <type_traits>, <limits>, <functional>, <initializer_list> */
template <class T1, class T2> struct pair {
	T1 first;
	T2 second;
};
template <class T> class initializer_list {
public:
	const T *begin() const;
	const T *end() const;
	size_t size() const;
};
template <class T> void swap(T &a, T &b);
template <bool v> struct __ptxabi_bool_constant { static const bool value = v; typedef bool value_type; };
typedef __ptxabi_bool_constant<true> true_type;
typedef __ptxabi_bool_constant<false> false_type;
template <class T> struct numeric_limits {
	static const bool is_specialized = false;
	static T min();
	static T max();
	static T lowest();
	static T epsilon();
	static T infinity();
	static T quiet_NaN();
};
template <class T> struct less {};
template <class T> struct greater {};
template <class T> struct plus {};
template <class T> struct multiplies {};
template <class T> struct hash {};
template <class F> class function {};

/* <string>, <string_view> */
template <class C> struct char_traits {};
template <class T> class allocator {
public:
	typedef T value_type;
	typedef size_t size_type;
};
inline namespace __cxx11 {
template <class C, class Tr = char_traits<C>, class A = allocator<C> > class basic_string {
public:
	typedef C value_type;
	typedef size_t size_type;
	typedef C *iterator;
	typedef const C *const_iterator;
	static const size_type npos = (size_type)-1;
	basic_string();
	basic_string(const C *s);
	basic_string(const basic_string &s);
	~basic_string();
	const C *c_str() const;
	const C *data() const;
	size_type size() const;
	size_type length() const;
	bool empty() const;
};
}
typedef basic_string<char> string;
typedef basic_string<wchar_t> wstring;
string to_string(int v);
string to_string(long v);
string to_string(unsigned v);
string to_string(unsigned long v);
string to_string(long long v);
string to_string(unsigned long long v);
string to_string(float v);
string to_string(double v);
int stoi(const string &s);
long stol(const string &s);
float stof(const string &s);
double stod(const string &s);

/* <vector>, <array>, <list>, <deque>, <map>, <set>, <unordered_map>,
   <unordered_set>, <queue>, <stack>, <tuple> */
template <class T, class A = allocator<T> > class vector {
public:
	typedef T value_type;
	typedef size_t size_type;
	typedef T &reference;
	typedef const T &const_reference;
	typedef T *iterator;
	typedef const T *const_iterator;
	vector();
	explicit vector(size_type n);
	vector(size_type n, const T &v);
	vector(const vector &o);
	~vector();
	size_type size() const;
	bool empty() const;
	T *data();
	const T *data() const;
	void push_back(const T &v);
	void resize(size_type n);
	void reserve(size_type n);
	void clear();
};
template <class T, size_t N> struct array {
	typedef T value_type;
	typedef size_t size_type;
	T elems[N ? N : 1];
	size_type size() const;
	T *data();
};
template <class T, class A = allocator<T> > class list { public: typedef T value_type; list(); ~list(); };
template <class T, class A = allocator<T> > class deque { public: typedef T value_type; deque(); ~deque(); };
template <class K, class V, class C = less<K>, class A = allocator<pair<const K, V> > > class map {
public:
	typedef K key_type;
	typedef V mapped_type;
	map();
	~map();
};
template <class K, class V, class C = less<K>, class A = allocator<pair<const K, V> > > class multimap { public: multimap(); ~multimap(); };
template <class K, class C = less<K>, class A = allocator<K> > class set { public: typedef K key_type; set(); ~set(); };
template <class K, class V, class H = hash<K>, class E = less<K>, class A = allocator<pair<const K, V> > > class unordered_map {
public:
	typedef K key_type;
	typedef V mapped_type;
	unordered_map();
	~unordered_map();
};
template <class K, class H = hash<K>, class E = less<K>, class A = allocator<K> > class unordered_set { public: unordered_set(); ~unordered_set(); };
template <class T, class C = deque<T> > class queue { public: queue(); ~queue(); };
template <class T, class C = vector<T>, class Cmp = less<T> > class priority_queue { public: priority_queue(); ~priority_queue(); };
template <class T, class C = deque<T> > class stack { public: stack(); ~stack(); };

/* <memory> */
template <class T> struct default_delete {};
template <class T, class D = default_delete<T> > class unique_ptr {
public:
	typedef T element_type;
	unique_ptr();
	explicit unique_ptr(T *p);
	~unique_ptr();
	T *get() const;
	T *release();
	void reset(T *p);
};
template <class T> class shared_ptr {
public:
	typedef T element_type;
	shared_ptr();
	explicit shared_ptr(T *p);
	shared_ptr(const shared_ptr &o);
	~shared_ptr();
	T *get() const;
};
template <class T> class weak_ptr { public: weak_ptr(); ~weak_ptr(); };

/* <algorithm>, <numeric>, <cmath> */
template <class T> const T &min(const T &a, const T &b);
template <class T> const T &max(const T &a, const T &b);
template <class T> T abs(T v);
template <class It> void sort(It first, It last);
template <class It, class T> void fill(It first, It last, const T &v);
template <class It, class Out> Out copy(It first, It last, Out out);
template <class It, class T> T accumulate(It first, It last, T init);
template <class It, class T> It find(It first, It last, const T &v);
template <class It> It max_element(It first, It last);
template <class It> It min_element(It first, It last);
template <class It> void reverse(It first, It last);

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
template <class C, class Tr = char_traits<C> > class basic_ios : public ios_base {
public:
	bool good() const;
	bool fail() const;
	bool eof() const;
};
template <class C, class Tr = char_traits<C> > class basic_ostream : public basic_ios<C, Tr> {
public:
	basic_ostream &write(const C *s, streamsize n);
	basic_ostream &flush();
};
template <class C, class Tr = char_traits<C> > class basic_istream : public basic_ios<C, Tr> {
public:
	basic_istream &read(C *s, streamsize n);
};
template <class C, class Tr = char_traits<C> > class basic_iostream : public basic_istream<C, Tr> {};
typedef basic_ios<char> ios;
typedef basic_ostream<char> ostream;
typedef basic_istream<char> istream;
typedef basic_iostream<char> iostream;
extern ostream cout;
extern ostream cerr;
extern ostream clog;
extern istream cin;
ostream &endl(ostream &os);
ostream &flush(ostream &os);
ios_base &fixed(ios_base &s);
ios_base &scientific(ios_base &s);
ios_base &hex(ios_base &s);
ios_base &dec(ios_base &s);
struct __ptxabi_manip { int n; };
__ptxabi_manip setw(int n);
__ptxabi_manip setprecision(int n);
__ptxabi_manip setfill(char c);
class stringstream : public iostream { public: stringstream(); ~stringstream(); string str() const; };
class ostringstream : public ostream { public: ostringstream(); ~ostringstream(); string str() const; };
class istringstream : public istream { public: istringstream(const string &s); ~istringstream(); };
class ifstream : public istream {
public:
	ifstream();
	explicit ifstream(const char *name, ios_base::openmode mode = ios_base::in);
	explicit ifstream(const string &name, ios_base::openmode mode = ios_base::in);
	~ifstream();
	bool is_open() const;
	void close();
};
class ofstream : public ostream {
public:
	ofstream();
	explicit ofstream(const char *name, ios_base::openmode mode = ios_base::out);
	explicit ofstream(const string &name, ios_base::openmode mode = ios_base::out);
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
template <intmax_t N, intmax_t D = 1> struct ratio {
	static const intmax_t num = N;
	static const intmax_t den = D;
};
typedef ratio<1, 1000000000> nano;
typedef ratio<1, 1000000> micro;
typedef ratio<1, 1000> milli;
namespace chrono {
template <class Rep, class Period = ratio<1> > class duration {
public:
	typedef Rep rep;
	typedef Period period;
	duration();
	rep count() const;
};
typedef duration<long long, nano> nanoseconds;
typedef duration<long long, micro> microseconds;
typedef duration<long long, milli> milliseconds;
typedef duration<long long> seconds;
typedef duration<long long, ratio<60> > minutes;
typedef duration<long long, ratio<3600> > hours;
template <class Clock, class Dur = typename Clock::duration> class time_point {
public:
	typedef Clock clock;
	typedef Dur duration;
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
template <class To, class Rep, class Period> To duration_cast(const duration<Rep, Period> &d);
}

/* <thread>, <mutex>, <atomic>, <random> */
class thread { public: thread(); ~thread(); void join(); bool joinable() const; };
class mutex { public: mutex(); ~mutex(); void lock(); void unlock(); };
template <class M> class lock_guard { public: explicit lock_guard(M &m); ~lock_guard(); };
template <class T> struct atomic { T load() const; void store(T v); };
class random_device { public: typedef unsigned int result_type; random_device(); ~random_device(); result_type operator()(); };
class mt19937 { public: typedef unsigned int result_type; mt19937(); explicit mt19937(result_type seed); result_type operator()(); };
class mt19937_64 { public: typedef unsigned long long result_type; mt19937_64(); explicit mt19937_64(result_type seed); result_type operator()(); };
typedef mt19937 default_random_engine;
template <class T = int> class uniform_int_distribution { public: uniform_int_distribution(T a, T b); };
template <class T = double> class uniform_real_distribution { public: uniform_real_distribution(T a, T b); };
template <class T = double> class normal_distribution { public: normal_distribution(T mean, T stddev); };
}
#endif
