/* The ELF check run before dlopen: find the plugin entry in the dynamic
 * symbol table the way the dynamic linker would (program headers, then the
 * dynamic section, then the hash table that bounds the symbol table),
 * reading the file as untrusted bytes. ELF32 and ELF64, either byte order,
 * are read; a class, byte order or machine other than this program's is
 * refused afterwards, with its own message. */
#define _POSIX_C_SOURCE 200809L

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/elf.h"

/* The file's bytes and how to read its words. */
typedef struct image {
    const unsigned char *p;
    uint64_t size;
    int is64; /* ELFCLASS64 */
    int big;  /* ELFDATA2MSB */
} image;

/* width bytes (1, 2, 4 or 8) at off into *out; 0 when they lie outside the
 * file. */
static int rd(const image *im, uint64_t off, unsigned width, uint64_t *out)
{
    if (off > im->size || width > im->size - off) return 0;
    uint64_t v = 0;
    for (unsigned i = 0; i < width; i++) {
        unsigned b = im->big ? i : width - 1 - i;
        v = v << 8 | im->p[off + b];
    }
    *out = v;
    return 1;
}

/* A field of a struct of <elf.h>, for the file's class: its offset and size
 * in the 32- or 64-bit struct. */
#define FIELD(im, base, T, f)                                                                      \
    (im)->is64 ? (base) + offsetof(Elf64_##T, f) : (base) + offsetof(Elf32_##T, f),                \
        (im)->is64 ? (unsigned)sizeof(((Elf64_##T *)0)->f) : (unsigned)sizeof(((Elf32_##T *)0)->f)
#define GET(im, base, T, f, out) rd(im, FIELD(im, base, T, f), out)
#define SIZE(im, T)              ((im)->is64 ? sizeof(Elf64_##T) : sizeof(Elf32_##T))

/* why, then -1: the file cannot be read as a shared library of ours. */
static int fail(char *why, size_t n, const char *fmt, const char *arg)
{
    snprintf(why, n, fmt, arg ? arg : "");
    return -1;
}

/* The program headers: where they are, their size and count. */
typedef struct phdrs {
    uint64_t off, entsize, num;
} phdrs;

/* The file offset of the virtual address vaddr, through the PT_LOAD
 * segments; 0 when no segment holds it in the file. */
static int to_offset(const image *im, const phdrs *ph, uint64_t vaddr, uint64_t *off)
{
    for (uint64_t i = 0; i < ph->num; i++) {
        uint64_t base = ph->off + i * ph->entsize, type = 0, poff = 0, pvaddr = 0, filesz = 0;
        if (!GET(im, base, Phdr, p_type, &type) || type != PT_LOAD) continue;
        if (!GET(im, base, Phdr, p_offset, &poff) || !GET(im, base, Phdr, p_vaddr, &pvaddr) ||
            !GET(im, base, Phdr, p_filesz, &filesz))
            return 0;
        if (vaddr < pvaddr || vaddr - pvaddr >= filesz) continue;
        uint64_t delta = vaddr - pvaddr;
        if (delta > UINT64_MAX - poff) return 0;
        *off = poff + delta;
        return *off < im->size;
    }
    return 0;
}

/* Every loadable segment lies within the file: dlopen maps a segment cut
 * short by the file's end, and the first touch of the part beyond it kills
 * the process (SIGBUS). 0, or -1 with why. */
static int segments_whole(const image *im, const phdrs *ph, char *why, size_t n)
{
    for (uint64_t i = 0; i < ph->num; i++) {
        uint64_t base = ph->off + i * ph->entsize, type = 0, poff = 0, filesz = 0;
        if (!GET(im, base, Phdr, p_type, &type) || type != PT_LOAD) continue;
        if (!GET(im, base, Phdr, p_offset, &poff) || !GET(im, base, Phdr, p_filesz, &filesz) ||
            poff > im->size || filesz > im->size - poff)
            return fail(why, n, "truncated ELF file: a loadable segment runs past its end", NULL);
    }
    return 0;
}

/* The number of dynamic symbols, from the GNU hash table at off: one past
 * the last symbol any chain reaches. 0 when malformed. */
static int gnu_hash_count(const image *im, uint64_t off, uint64_t *count)
{
    uint64_t nbuckets, symoffset, bloom_size;
    if (!rd(im, off, 4, &nbuckets) || !rd(im, off + 4, 4, &symoffset) ||
        !rd(im, off + 8, 4, &bloom_size))
        return 0;
    uint64_t word = im->is64 ? 8 : 4;
    uint64_t buckets = off + 16 + bloom_size * word; /* no overflow: 32-bit factors */
    if (buckets > im->size || nbuckets > (im->size - buckets) / 4) return 0;
    uint64_t chains = buckets + nbuckets * 4, last = 0;
    for (uint64_t b = 0; b < nbuckets; b++) {
        uint64_t v;
        if (!rd(im, buckets + b * 4, 4, &v)) return 0;
        if (v > last) last = v;
    }
    if (last < symoffset) {
        *count = symoffset;
        return 1;
    }
    /* Walk the last chain to its end (bit 0 set); every step is read
     * within the file, so the walk is bounded by its size. */
    for (uint64_t i = last;; i++) {
        uint64_t v;
        if ((i - symoffset) > (im->size - chains) / 4 ||
            !rd(im, chains + (i - symoffset) * 4, 4, &v))
            return 0;
        if (v & 1) {
            *count = i + 1;
            return 1;
        }
    }
}

/* Is symbol st (of the table at symtab) a defined, visible function called
 * name? */
static int is_entry(const image *im, uint64_t st, uint64_t strtab, uint64_t strsz, const char *name)
{
    uint64_t sname = 0, info = 0, other = 0, shndx = 0;
    if (!GET(im, st, Sym, st_name, &sname) || !GET(im, st, Sym, st_info, &info) ||
        !GET(im, st, Sym, st_other, &other) || !GET(im, st, Sym, st_shndx, &shndx))
        return 0;
    unsigned bind = (unsigned)info >> 4, type = (unsigned)info & 0xf, vis = (unsigned)other & 3;
    if (shndx == SHN_UNDEF || type != STT_FUNC || (bind != STB_GLOBAL && bind != STB_WEAK) ||
        (vis != STV_DEFAULT && vis != STV_PROTECTED))
        return 0;
    size_t len = strlen(name);
    /* name and its NUL within the string table and within the file */
    if (sname > strsz || len + 1 > strsz - sname) return 0;
    if (strtab > im->size || sname > im->size - strtab || len + 1 > im->size - strtab - sname)
        return 0;
    const unsigned char *s = im->p + strtab + sname;
    return memcmp(s, name, len) == 0 && s[len] == 0;
}

/* The machine this program runs on, 0 when unknown (then dlopen decides). */
static unsigned host_machine(void)
{
#if defined(__x86_64__)
    return EM_X86_64;
#elif defined(__i386__)
    return EM_386;
#elif defined(__aarch64__)
    return EM_AARCH64;
#elif defined(__arm__)
    return EM_ARM;
#elif defined(__powerpc64__)
    return EM_PPC64;
#elif defined(__powerpc__)
    return EM_PPC;
#elif defined(__riscv)
    return EM_RISCV;
#elif defined(__s390x__) || defined(__s390__)
    return EM_S390;
#else
    return 0;
#endif
}

/* The header: class and byte order into im, then the program headers and
 * the machine. 0, or -1 with why. */
static int read_header(image *im, phdrs *ph, unsigned *machine, char *why, size_t n)
{
    const unsigned char *e = im->p;
    if (im->size < EI_NIDENT || memcmp(e, ELFMAG, SELFMAG) != 0)
        return fail(why, n, "not an ELF file (no shared library)", NULL);
    if (e[EI_CLASS] != ELFCLASS32 && e[EI_CLASS] != ELFCLASS64)
        return fail(why, n, "malformed ELF file: unknown class", NULL);
    if (e[EI_DATA] != ELFDATA2LSB && e[EI_DATA] != ELFDATA2MSB)
        return fail(why, n, "malformed ELF file: unknown byte order", NULL);
    im->is64 = e[EI_CLASS] == ELFCLASS64;
    im->big = e[EI_DATA] == ELFDATA2MSB;
    if (im->size < SIZE(im, Ehdr))
        return fail(why, n, "truncated ELF file: the header is cut short", NULL);
    uint64_t type = 0, mach = 0, phoff = 0, phentsize = 0, phnum = 0;
    GET(im, 0, Ehdr, e_type, &type);
    GET(im, 0, Ehdr, e_machine, &mach);
    GET(im, 0, Ehdr, e_phoff, &phoff);
    GET(im, 0, Ehdr, e_phentsize, &phentsize);
    GET(im, 0, Ehdr, e_phnum, &phnum);
    if (type != ET_DYN) return fail(why, n, "an ELF file that is no shared library", NULL);
    if (phentsize < SIZE(im, Phdr) || phnum == 0 || phnum == PN_XNUM || phoff > im->size ||
        phnum > (im->size - phoff) / phentsize)
        return fail(why, n, "malformed or truncated ELF file: bad program headers", NULL);
    *ph = (phdrs){phoff, phentsize, phnum};
    *machine = (unsigned)mach;
    return 0;
}

/* What the dynamic section says of the symbols (virtual addresses). */
typedef struct dynamic {
    uint64_t symtab, strtab, strsz, syment, hash, gnuhash;
    int have_symtab, have_strtab, have_hash, have_gnuhash;
} dynamic;

/* The dynamic section, from its program header, into dy. 0, or -1 with
 * why. */
static int read_dynamic(const image *im, const phdrs *ph, dynamic *dy, char *why, size_t n)
{
    uint64_t dyn = 0, dynsz = 0;
    int found = 0;
    for (uint64_t i = 0; i < ph->num && !found; i++) {
        uint64_t base = ph->off + i * ph->entsize, pt = 0;
        GET(im, base, Phdr, p_type, &pt);
        if (pt != PT_DYNAMIC) continue;
        GET(im, base, Phdr, p_offset, &dyn);
        GET(im, base, Phdr, p_filesz, &dynsz);
        found = 1;
    }
    if (!found) return fail(why, n, "a shared library without a dynamic section", NULL);
    if (dyn > im->size || dynsz > im->size - dyn)
        return fail(why, n, "truncated ELF file: the dynamic section lies past its end", NULL);
    *dy = (dynamic){0};
    dy->syment = SIZE(im, Sym);
    uint64_t dsize = SIZE(im, Dyn);
    for (uint64_t d = dyn; dynsz - (d - dyn) >= dsize; d += dsize) {
        uint64_t tag = 0, val = 0;
        GET(im, d, Dyn, d_tag, &tag);
        GET(im, d, Dyn, d_un, &val);
        if (tag == DT_NULL) break;
        switch (tag) {
        case DT_SYMTAB: dy->symtab = val, dy->have_symtab = 1; break;
        case DT_STRTAB: dy->strtab = val, dy->have_strtab = 1; break;
        case DT_STRSZ: dy->strsz = val; break;
        case DT_SYMENT: dy->syment = val; break;
        case DT_HASH: dy->hash = val, dy->have_hash = 1; break;
        case DT_GNU_HASH: dy->gnuhash = val, dy->have_gnuhash = 1; break;
        default: break;
        }
    }
    if (!dy->have_symtab || !dy->have_strtab || (!dy->have_hash && !dy->have_gnuhash))
        return fail(why, n, "a shared library without a dynamic symbol table", NULL);
    if (dy->syment < SIZE(im, Sym))
        return fail(why, n, "malformed ELF file: bad symbol size", NULL);
    return 0;
}

/* Look symbol up in the dynamic symbol table: 1 found, 0 not, -1 with why
 * when the table cannot be read. */
static int find_symbol(const image *im, const phdrs *ph, const dynamic *dy, const char *symbol,
                       char *why, size_t n)
{
    uint64_t symoff, stroff, count = 0, hoff;
    if (!to_offset(im, ph, dy->symtab, &symoff) || !to_offset(im, ph, dy->strtab, &stroff))
        return fail(why, n, "malformed or truncated ELF file: the symbol table lies outside it",
                    NULL);
    if (dy->have_gnuhash) {
        if (!to_offset(im, ph, dy->gnuhash, &hoff) || !gnu_hash_count(im, hoff, &count))
            return fail(why, n, "malformed or truncated ELF file: bad GNU hash table", NULL);
    } else if (!to_offset(im, ph, dy->hash, &hoff) || !rd(im, hoff + 4, 4, &count)) {
        return fail(why, n, "malformed or truncated ELF file: bad hash table", NULL);
    }
    if (symoff > im->size || count > (im->size - symoff) / dy->syment)
        return fail(why, n, "malformed or truncated ELF file: the symbol table lies past its end",
                    NULL);
    for (uint64_t i = 0; i < count; i++)
        if (is_entry(im, symoff + i * dy->syment, stroff, dy->strsz, symbol)) return 1;
    fail(why, n, "not a rulegrid plugin: it exports no function %s", symbol);
    return 0;
}

static int check_image(const image *img, const char *symbol, char *why, size_t n)
{
    image copy = *img, *im = &copy;
    phdrs ph;
    dynamic dy;
    unsigned machine = 0;
    if (read_header(im, &ph, &machine, why, n) < 0 || segments_whole(im, &ph, why, n) < 0 ||
        read_dynamic(im, &ph, &dy, why, n) < 0)
        return -1;
    int found = find_symbol(im, &ph, &dy, symbol, why, n);
    if (found <= 0) return found;
    /* A plugin, but perhaps not for this program: say so before dlopen. */
    unsigned want = host_machine();
    int is64 = sizeof(void *) == 8;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    int big = 1;
#else
    int big = 0;
#endif
    if (im->is64 != is64 || im->big != big || (want && machine != want)) {
        snprintf(why, n,
                 "a plugin built for another machine (%d-bit, %s-endian, ELF machine %u); this "
                 "rulegrid is %d-bit, %s-endian, ELF machine %u",
                 im->is64 ? 64 : 32, im->big ? "big" : "little", machine, is64 ? 64 : 32,
                 big ? "big" : "little", want);
        return -1;
    }
    return 1;
}

int rg_elf_exports(const char *path, const char *symbol, char *why, size_t n)
{
    /* O_NONBLOCK: a FIFO called x.so must not hang the open. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return fail(why, n, "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return fail(why, n, "cannot open: %s", strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return fail(why, n, "not a regular file", NULL);
    }
    if (st.st_size < EI_NIDENT) {
        close(fd);
        snprintf(why, n, "too short to be a shared library (%lld bytes)", (long long)st.st_size);
        return -1;
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return fail(why, n, "cannot read: %s", strerror(errno));
    int ok = rg_elf_exports_mem(map, (size_t)st.st_size, symbol, why, n);
    munmap(map, (size_t)st.st_size);
    return ok;
}

int rg_elf_exports_mem(const void *bytes, size_t size, const char *symbol, char *why, size_t n)
{
    image im = {bytes, (uint64_t)size, 0, 0};
    return check_image(&im, symbol, why, n);
}
