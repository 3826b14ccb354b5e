/*
 * The start-up part of cardtable's AppImage: an ELF program followed by a SquashFS image of
 * the application folder (AppImage type 2: "AI\x02" at offset 8, the image where the ELF
 * file ends). It reads the kind of image build/squashfs.py writes (zlib blocks, no
 * fragments) and needs no FUSE:
 *
 *   cardtable.AppImage [ARGS]                 unpacks once into a cache folder
 *                                             ($XDG_CACHE_HOME or ~/.cache, then
 *                                             cardtable-appimage/<image id>) and runs AppRun
 *   --appimage-extract-and-run [ARGS]         unpacks into a temporary folder, runs AppRun,
 *                                             removes the folder
 *   --appimage-extract                        unpacks into ./squashfs-root
 *   --appimage-offset                         prints where the image starts
 *
 * AppRun gets APPIMAGE (this file), APPDIR (the folder), ARGV0 and OWD as other AppImages do.
 * Built by build/appimage.py with the system's C compiler and zlib.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#define META_SIZE 8192
#define MAX_BLOCK (1 << 20)

struct image {
    int fd;
    uint64_t base;
    uint32_t block_size;
    uint64_t inode_table, dir_table;
    uint64_t root;
    uint32_t mtime;
    uint64_t used;
};

static const char *self_path;

static void die(const char *what)
{
    fprintf(stderr, "cardtable AppImage: %s%s%s\n", what, errno ? ": " : "",
            errno ? strerror(errno) : "");
    exit(127);
}

static uint16_t le16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t le64(const unsigned char *p) { return le32(p) | (uint64_t)le32(p + 4) << 32; }

static void read_at(const struct image *im, uint64_t pos, void *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = pread(im->fd, (char *)buf + done, len - done, (off_t)(im->base + pos + done));
        if (n <= 0) {
            if (n < 0 && errno == EINTR)
                continue;
            errno = n < 0 ? errno : 0;
            die("the image is cut short");
        }
        done += (size_t)n;
    }
}

/* Where the ELF file ends: the end of its section header table. */
static uint64_t elf_end(int fd)
{
    Elf64_Ehdr eh;
    if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG)
        || eh.e_ident[EI_CLASS] != ELFCLASS64) {
        errno = 0;
        die("not a 64-bit ELF file");
    }
    return eh.e_shoff + (uint64_t)eh.e_shentsize * eh.e_shnum;
}

static void open_image(struct image *im, const char *path)
{
    unsigned char sb[96];
    im->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (im->fd < 0)
        die(path);
    im->base = elf_end(im->fd);
    read_at(im, 0, sb, sizeof sb);
    errno = 0;
    if (le32(sb) != 0x73717368 || le16(sb + 28) != 4)
        die("no SquashFS 4 image after the program");
    if (le16(sb + 20) != 1)
        die("the image is not compressed with zlib");
    if (le32(sb + 16) != 0)
        die("the image has fragments, which this start-up program does not read");
    im->mtime = le32(sb + 8);
    im->block_size = le32(sb + 12);
    if (im->block_size == 0 || im->block_size > MAX_BLOCK)
        die("the image's block size is out of range");
    im->root = le64(sb + 32);
    im->used = le64(sb + 40);
    im->inode_table = le64(sb + 64);
    im->dir_table = le64(sb + 72);
}

/* A reader of a metadata stream (inode or directory table) from a given place. */
struct meta {
    const struct image *im;
    uint64_t next;              /* image offset of the next block to read */
    unsigned char buf[META_SIZE];
    size_t len, pos;
};

static void meta_load(struct meta *m)
{
    unsigned char head[2], raw[META_SIZE];
    read_at(m->im, m->next, head, 2);
    size_t size = le16(head) & 0x7FFF;
    errno = 0;
    if (size == 0 || size > META_SIZE)
        die("a damaged metadata block");
    read_at(m->im, m->next + 2, raw, size);
    m->next += 2 + size;
    if (le16(head) & 0x8000) {
        memcpy(m->buf, raw, size);
        m->len = size;
    } else {
        uLongf out = META_SIZE;
        if (uncompress(m->buf, &out, raw, size) != Z_OK)
            die("a metadata block does not decompress");
        m->len = out;
    }
    m->pos = 0;
}

static void meta_start(struct meta *m, const struct image *im, uint64_t block, size_t offset)
{
    m->im = im;
    m->next = block;
    meta_load(m);
    errno = 0;
    if (offset > m->len)
        die("a metadata reference points outside its block");
    m->pos = offset;
}

static void meta_read(struct meta *m, void *out, size_t len)
{
    unsigned char *o = out;
    while (len) {
        if (m->pos == m->len)
            meta_load(m);
        size_t n = m->len - m->pos < len ? m->len - m->pos : len;
        memcpy(o, m->buf + m->pos, n);
        m->pos += n;
        o += n;
        len -= n;
    }
}

static void extract_inode(const struct image *im, uint64_t ref, const char *dest);

static void extract_file(const struct image *im, struct meta *m, uint64_t start, uint64_t size,
                         unsigned mode, const char *dest)
{
    static unsigned char raw[MAX_BLOCK], data[MAX_BLOCK];
    uint64_t blocks = (size + im->block_size - 1) / im->block_size;
    int fd = open(dest, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        die(dest);
    uint64_t pos = start, left = size;
    for (uint64_t i = 0; i < blocks; i++) {
        unsigned char word[4];
        meta_read(m, word, 4);
        uint32_t stored = le32(word);
        uint32_t len = stored & 0xFFFFFF;
        size_t want = left < im->block_size ? (size_t)left : im->block_size;
        errno = 0;
        if (len > MAX_BLOCK)
            die("a damaged data block");
        if (len == 0) {
            memset(data, 0, want); /* a hole */
        } else if (stored & (1u << 24)) {
            if (len != want)
                die("a stored block of the wrong size");
            read_at(im, pos, data, len);
        } else {
            uLongf out = im->block_size;
            read_at(im, pos, raw, len);
            if (uncompress(data, &out, raw, len) != Z_OK || out != want)
                die("a data block does not decompress");
        }
        pos += len;
        left -= want;
        for (size_t done = 0; done < want;) {
            ssize_t n = write(fd, data + done, want - done);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                die(dest);
            }
            done += (size_t)n;
        }
    }
    if (fchmod(fd, mode & 07777) || close(fd))
        die(dest);
}

static void extract_dir(const struct image *im, uint32_t block, uint16_t offset, uint32_t size,
                        unsigned mode, const char *dest)
{
    if (mkdir(dest, 0700) && errno != EEXIST)
        die(dest);
    struct meta m;
    meta_start(&m, im, im->dir_table + block, offset);
    uint32_t left = size > 3 ? size - 3 : 0;
    while (left >= 12) {
        unsigned char h[12];
        meta_read(&m, h, 12);
        left -= 12;
        uint32_t count = le32(h) + 1, start = le32(h + 4);
        for (uint32_t i = 0; i < count; i++) {
            unsigned char e[8];
            char name[257], path[PATH_MAX];
            meta_read(&m, e, 8);
            size_t len = (size_t)le16(e + 6) + 1;
            errno = 0;
            if (len > 256 || 8 + len > left)
                die("a damaged folder listing");
            meta_read(&m, name, len);
            name[len] = 0;
            left -= (uint32_t)(8 + len);
            if (strlen(name) != len || strchr(name, '/') || !strcmp(name, ".")
                || !strcmp(name, ".."))
                die("a name that may not be unpacked");
            if (snprintf(path, sizeof path, "%s/%s", dest, name) >= (int)sizeof path)
                die("a path too long");
            extract_inode(im, (uint64_t)start << 16 | le16(e), path);
        }
    }
    if (chmod(dest, mode & 07777))
        die(dest);
}

static void extract_inode(const struct image *im, uint64_t ref, const char *dest)
{
    struct meta m;
    unsigned char h[16], b[40];
    meta_start(&m, im, im->inode_table + (ref >> 16), ref & 0xFFFF);
    meta_read(&m, h, 16);
    unsigned type = le16(h), mode = le16(h + 2);
    switch (type) {
    case 1: /* folder */
        meta_read(&m, b, 16);
        extract_dir(im, le32(b), le16(b + 10), le16(b + 8), mode, dest);
        break;
    case 8: /* folder with a long listing */
        meta_read(&m, b, 24);
        extract_dir(im, le32(b + 8), le16(b + 18), le32(b + 4), mode, dest);
        break;
    case 2: /* file */
        meta_read(&m, b, 16);
        errno = 0;
        if (le32(b + 4) != 0xFFFFFFFFu)
            die("a file with a fragment");
        extract_file(im, &m, le32(b), le32(b + 12), mode, dest);
        break;
    case 9: /* file with 64-bit sizes */
        meta_read(&m, b, 40);
        errno = 0;
        if (le32(b + 28) != 0xFFFFFFFFu)
            die("a file with a fragment");
        extract_file(im, &m, le64(b), le64(b + 8), mode, dest);
        break;
    case 3: case 10: { /* symbolic link */
        char target[PATH_MAX];
        meta_read(&m, b, 8);
        uint32_t len = le32(b + 4);
        errno = 0;
        if (len == 0 || len >= sizeof target)
            die("a damaged symbolic link");
        meta_read(&m, target, len);
        target[len] = 0;
        if (symlink(target, dest) && errno != EEXIST)
            die(dest);
        break;
    }
    default:
        errno = 0;
        die("a kind of file this start-up program does not unpack");
    }
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st; (void)flag; (void)ftw;
    remove(path);
    return 0;
}

static void remove_tree(const char *path) { nftw(path, remove_one, 32, FTW_DEPTH | FTW_PHYS); }

static void run_env(const char *appdir, const char *argv0)
{
    char cwd[PATH_MAX];
    setenv("APPIMAGE", self_path, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv0, 1);
    if (getcwd(cwd, sizeof cwd))
        setenv("OWD", cwd, 1);
}

static void apprun_path(char *out, size_t size, const char *appdir)
{
    if (snprintf(out, size, "%s/AppRun", appdir) >= (int)size) {
        errno = 0;
        die("a path too long");
    }
}

/* argv[0] stays the AppImage's own name; the rest are the program's arguments. */
static void exec_apprun(const char *appdir, char **argv, int skip)
{
    char apprun[PATH_MAX];
    apprun_path(apprun, sizeof apprun, appdir);
    run_env(appdir, argv[0]);
    argv[skip] = apprun;
    execv(apprun, argv + skip);
    die(apprun);
}

/* skip: how many of argv's first entries are the runtime's own (0 or 1) */
static int extract_and_run(const struct image *im, char **argv, int skip)
{
    const char *tmp = getenv("TMPDIR");
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s/.mount_cardtable-XXXXXX", tmp && *tmp ? tmp : "/tmp")
        >= (int)sizeof dir || !mkdtemp(dir))
        die("cannot make a temporary folder");
    extract_inode(im, im->root, dir);
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0)
        exec_apprun(dir, argv, skip);
    /* Ctrl-C reaches the program, which ends; this process stays to remove the folder */
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    remove_tree(dir);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* mkdir -p */
static void make_dirs(const char *path)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s == '/') {
            *s = 0;
            mkdir(p, 0700);
            *s = '/';
        }
    }
    if (mkdir(p, 0700) && errno != EEXIST)
        die(path);
}

static void cached_run(const struct image *im, char **argv)
{
    const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char root[PATH_MAX - 64], dir[PATH_MAX], tmp[PATH_MAX + 32], done[PATH_MAX + 16];
    int n;
    if (cache && *cache == '/')
        n = snprintf(root, sizeof root, "%s/cardtable-appimage", cache);
    else if (home && *home)
        n = snprintf(root, sizeof root, "%s/.cache/cardtable-appimage", home);
    else {
        /* nowhere to keep it: unpack for this run only */
        exit(extract_and_run(im, argv, 0));
    }
    if (n >= (int)sizeof root) {
        errno = 0;
        die("a path too long");
    }
    /* the image's time stamp and size name its unpacked copy */
    snprintf(dir, sizeof dir, "%s/%08x-%llx", root, im->mtime, (unsigned long long)im->used);
    snprintf(done, sizeof done, "%s/.complete", dir);
    if (access(done, F_OK) != 0) {
        make_dirs(root);
        snprintf(tmp, sizeof tmp, "%s.unpacking-%ld", dir, (long)getpid());
        remove_tree(tmp);
        extract_inode(im, im->root, tmp);
        int fd = open(tmp, O_RDONLY | O_DIRECTORY);
        if (fd >= 0) {
            int mark = openat(fd, ".complete", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
            if (mark >= 0)
                close(mark);
            close(fd);
        }
        if (rename(tmp, dir)) {
            /* another start unpacked it first: use that copy */
            remove_tree(tmp);
            if (access(done, F_OK) != 0)
                die(dir);
        }
    }
    exec_apprun(dir, argv, 0);
}

int main(int argc, char **argv)
{
    static char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        die("cannot find this program's own file");
    self[n] = 0;
    self_path = self;
    struct image im;
    open_image(&im, self);
    if (argc > 1 && !strcmp(argv[1], "--appimage-offset")) {
        printf("%llu\n", (unsigned long long)im.base);
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "--appimage-extract")) {
        extract_inode(&im, im.root, "squashfs-root");
        puts("squashfs-root");
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "--appimage-extract-and-run"))
        return extract_and_run(&im, argv, 1);
    cached_run(&im, argv);
    return 127;
}
