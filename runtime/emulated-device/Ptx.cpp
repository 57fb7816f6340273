// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// The PTX parser and interpreter of the emulated device (Ptx.h).
//
// Parsing decodes every instruction once into an `Inst`; an instruction,
// modifier or directive it does not know fails the module load with a
// message naming it, so a kernel is either executed exactly or not at all.
// Execution runs the warps of a block in turn; the threads of a warp go in
// lockstep, always advancing those at the smallest program counter, which
// reconverges structured control flow as the hardware does and makes every
// warp-wide memory access one request for the sector counts.
#include "Ptx.h"

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

namespace emu {

//===----------------------------------------------------------------------===//
// Memory map
//===----------------------------------------------------------------------===//

bool MemoryMap::contains(uintptr_t address, size_t size) const {
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return false;
  --it;
  return address - it->first + size <= it->second.size && address >= it->first;
}

bool MemoryMap::overlapsAny(uintptr_t address, size_t size) const {
  auto it = allocations.upper_bound(address + (size ? size - 1 : 0));
  if (it == allocations.begin())
    return false;
  --it;
  return it->first + it->second.size > address;
}

static const char *kindName(AllocationKind kind) {
  switch (kind) {
  case AllocationKind::Device:
    return "device allocation";
  case AllocationKind::HostRegistered:
    return "registered host memory";
  case AllocationKind::Managed:
    return "managed allocation";
  case AllocationKind::ModuleGlobal:
    return "module variable";
  }
  return "allocation";
}

std::string MemoryMap::describe(uintptr_t address, size_t size) const {
  char text[256];
  if (allocations.empty())
    return "no allocation is live";
  // The nearest allocation: the last one starting at or below the address,
  // or the first one above it, whichever is closer.
  auto above = allocations.upper_bound(address);
  auto best = above;
  uint64_t distance = UINT64_MAX;
  if (above != allocations.end())
    distance = above->first - address;
  if (above != allocations.begin()) {
    auto below = std::prev(above);
    uint64_t end = below->first + below->second.size;
    uint64_t past = address >= end ? address - end : 0;
    if (past <= distance) {
      best = below;
      distance = past;
    }
  }
  uint64_t base = best->first, bytes = best->second.size;
  const char *kind = kindName(best->second.kind);
  if (address < base)
    snprintf(text, sizeof text,
             "it starts %llu bytes before the %s at 0x%llx (%llu bytes)",
             (unsigned long long)(base - address), kind,
             (unsigned long long)base, (unsigned long long)bytes);
  else if (address >= base + bytes)
    snprintf(text, sizeof text,
             "it starts %llu bytes after the end of the %s at 0x%llx (%llu "
             "bytes)",
             (unsigned long long)(address - (base + bytes)), kind,
             (unsigned long long)base, (unsigned long long)bytes);
  else
    snprintf(text, sizeof text,
             "it runs %llu bytes past the end of the %s at 0x%llx (%llu "
             "bytes)",
             (unsigned long long)(address + size - (base + bytes)), kind,
             (unsigned long long)base, (unsigned long long)bytes);
  return text;
}

//===----------------------------------------------------------------------===//
// Types, floats
//===----------------------------------------------------------------------===//

namespace {
enum class Ty : uint8_t {
  None,
  B8,
  B16,
  B32,
  B64,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F16x2,
  BF16,
  BF16x2,
  F32,
  F64,
  Pred,
};
} // namespace

static int bitsOf(Ty t) {
  switch (t) {
  case Ty::B8:
  case Ty::U8:
  case Ty::S8:
    return 8;
  case Ty::B16:
  case Ty::U16:
  case Ty::S16:
  case Ty::F16:
  case Ty::BF16:
    return 16;
  case Ty::B32:
  case Ty::U32:
  case Ty::S32:
  case Ty::F32:
  case Ty::F16x2:
  case Ty::BF16x2:
    return 32;
  case Ty::B64:
  case Ty::U64:
  case Ty::S64:
  case Ty::F64:
    return 64;
  case Ty::Pred:
    return 1;
  case Ty::None:
    return 0;
  }
  return 0;
}
static bool isSigned(Ty t) {
  return t == Ty::S8 || t == Ty::S16 || t == Ty::S32 || t == Ty::S64;
}
static bool isFloat(Ty t) {
  return t == Ty::F16 || t == Ty::F16x2 || t == Ty::BF16 || t == Ty::BF16x2 ||
         t == Ty::F32 || t == Ty::F64;
}
static Ty typeNamed(const std::string &name) {
  static const std::unordered_map<std::string, Ty> types = {
      {"b8", Ty::B8},         {"b16", Ty::B16},     {"b32", Ty::B32},
      {"b64", Ty::B64},       {"u8", Ty::U8},       {"u16", Ty::U16},
      {"u32", Ty::U32},       {"u64", Ty::U64},     {"s8", Ty::S8},
      {"s16", Ty::S16},       {"s32", Ty::S32},     {"s64", Ty::S64},
      {"f16", Ty::F16},       {"f16x2", Ty::F16x2}, {"bf16", Ty::BF16},
      {"bf16x2", Ty::BF16x2}, {"f32", Ty::F32},     {"f64", Ty::F64},
      {"pred", Ty::Pred}};
  auto it = types.find(name);
  return it == types.end() ? Ty::None : it->second;
}

static inline uint64_t maskOf(int bits) {
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1);
}
static inline int64_t signExtend(uint64_t v, int bits) {
  if (bits >= 64)
    return (int64_t)v;
  uint64_t m = 1ull << (bits - 1);
  v &= maskOf(bits);
  return (int64_t)((v ^ m) - m);
}

/// Rounds `d` to a binary format of `mantissa` stored bits and `exponent`
/// bits (f16: 10, 5; bf16: 7, 8) in the current rounding mode, subnormals
/// and infinities included. One rounding of the exact value.
static uint64_t encodeFloat(double d, int mantissa, int exponent) {
  int bias = (1 << (exponent - 1)) - 1;
  uint64_t sign = std::signbit(d) ? 1ull << (mantissa + exponent) : 0;
  uint64_t infinity = ((1ull << exponent) - 1) << mantissa;
  if (std::isnan(d))
    return sign | infinity | (1ull << (mantissa - 1));
  double a = std::fabs(d);
  if (std::isinf(a))
    return sign | infinity;
  if (a == 0)
    return sign;
  int e2;
  std::frexp(a, &e2);
  int e = std::max(e2 - 1, 1 - bias);
  double r = std::nearbyint(std::ldexp(a, mantissa - e));
  if (r >= std::ldexp(1.0, mantissa + 1)) {
    r /= 2;
    ++e;
  }
  if (e > bias) {
    // Overflow: to infinity, or the largest finite value when rounding
    // toward zero or away from this sign.
    int mode = fegetround();
    bool toInf = mode == FE_TONEAREST || (mode == FE_UPWARD && !sign) ||
                 (mode == FE_DOWNWARD && sign);
    return toInf ? sign | infinity : sign | (infinity - 1);
  }
  uint64_t ri = (uint64_t)r;
  if (ri < (1ull << mantissa))
    return sign | ri;
  return sign | ((uint64_t)(e + bias) << mantissa) | (ri - (1ull << mantissa));
}

static double decodeFloat(uint64_t bits, int mantissa, int exponent) {
  int bias = (1 << (exponent - 1)) - 1;
  bool negative = (bits >> (mantissa + exponent)) & 1;
  uint64_t e = (bits >> mantissa) & ((1ull << exponent) - 1);
  uint64_t m = bits & maskOf(mantissa);
  double v;
  if (e == ((1ull << exponent) - 1))
    v = m ? NAN : INFINITY;
  else if (e == 0)
    v = std::ldexp((double)m, 1 - bias - mantissa);
  else
    v = std::ldexp((double)(m | (1ull << mantissa)), (int)e - bias - mantissa);
  return negative ? -v : v;
}

static inline float asF32(uint64_t v) {
  uint32_t u = (uint32_t)v;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline double asF64(uint64_t v) {
  double f;
  memcpy(&f, &v, 8);
  return f;
}
static inline uint64_t bitsF32(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline uint64_t bitsF64(double f) {
  uint64_t u;
  memcpy(&u, &f, 8);
  return u;
}

/// A scalar float of type t (not x2) as a double.
static double toDouble(uint64_t v, Ty t) {
  switch (t) {
  case Ty::F16:
    return decodeFloat(v & 0xffff, 10, 5);
  case Ty::BF16:
    return decodeFloat(v & 0xffff, 7, 8);
  case Ty::F32:
    return asF32(v);
  default:
    return asF64(v);
  }
}
static uint64_t fromDouble(double d, Ty t) {
  switch (t) {
  case Ty::F16:
    return encodeFloat(d, 10, 5);
  case Ty::BF16:
    return encodeFloat(d, 7, 8);
  case Ty::F32:
    return bitsF32((float)d);
  default:
    return bitsF64(d);
  }
}

//===----------------------------------------------------------------------===//
// Decoded instructions
//===----------------------------------------------------------------------===//

namespace {
enum class Op : uint8_t {
  Mov,
  Ld,
  St,
  Add,
  Sub,
  Mul,
  Mad,
  Fma,
  Div,
  Rem,
  Min,
  Max,
  Abs,
  Neg,
  Not,
  Cnot,
  And,
  Or,
  Xor,
  Shl,
  Shr,
  Popc,
  Clz,
  Brev,
  Bfe,
  Bfi,
  Prmt,
  Shf,
  Selp,
  Setp,
  Cvt,
  Cvta,
  Bra,
  Brx, // brx.idx: a branch through a .branchtargets table
  Ret,
  Bar,
  Nop,
  Sqrt,
  Rcp,
  Ex2,
  Lg2,
  Rsqrt,
  Sin,
  Cos,
  Tanh,
  Copysign,
  Trap,
};

enum class Space : uint8_t { Generic, Global, Shared, Local, Param, Const };

enum class Special : uint8_t {
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  Laneid,
  Warpid,
  Nwarpid,
};

enum class Cmp : uint8_t {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  Nan,
};

enum class Kind : uint8_t { Reg, Imm, Special, Addr, Vec, Sink, Label };

struct Operand {
  Kind kind = Kind::Imm;
  bool negate = false; // a predicate operand written !%p
  int reg = -1;        // Reg; Addr's base register (-1: none); Setp's q
  int reg2 = -1;       // setp's second destination (p|q)
  int64_t imm = 0;     // Imm; Addr's offset (symbol folded in)
  Special special = Special::TidX;
  Space symbolSpace = Space::Generic; // Addr/Imm from a symbol
  // Vec: up to 4 elements, each a register, an immediate or a sink.
  int count = 0;
  Kind elementKind[4];
  int elementReg[4];
  int64_t elementImm[4];
};

struct Inst {
  Op op;
  Ty type = Ty::None, source = Ty::None; // source: cvt's
  Space space = Space::Generic;
  Cmp cmp = Cmp::Eq;
  Op boolOp = Op::Nop; // setp's .and/.or/.xor
  int vector = 1;
  int rounding = -1; // FE_* mode, -1 default
  enum IntRound : uint8_t { RNone, RNI, RZI, RMI, RPI } intRound = RNone;
  bool ftz = false, sat = false, wide = false, hi = false, nanMode = false;
  // The carry chain (add.cc, addc, sub.cc, subc, mad.lo.cc, madc): the
  // carry flag is a hidden 1-bit register of the kernel, `carryReg`.
  bool carryIn = false, carryOut = false;
  int carryReg = -1;
  bool shared = false; // cvta's .shared/.local: to/from a window
  bool toWindow = false;
  bool left = false, clamp = false; // shf
  int guard = -1;
  bool guardNegated = false;
  int target = -1; // bra; brx.idx: its table in Kernel::jumpTables
  int ops = 0;
  Operand operand[5];
  int line = 0;
  std::string text;
};
} // namespace

struct Kernel {
  std::string name;
  ParamLayout params;
  std::vector<std::string> paramNames;
  unsigned maxThreads[3] = {0, 0, 0}; // .maxntid / .reqntid, 0: none
  bool required = false;              // .reqntid
  std::vector<Inst> code;
  std::vector<std::vector<int>> jumpTables; // brx.idx's targets
  std::vector<uint64_t> registerMasks;      // per register: its width
  std::map<std::string, uint64_t> sharedOffsets, localOffsets;
  uint64_t sharedBytes = 0, localBytes = 0;
};

const ParamLayout &paramLayout(const Kernel &kernel) { return kernel.params; }
const unsigned *maxThreads(const Kernel &kernel) {
  return kernel.maxThreads[0] ? kernel.maxThreads : nullptr;
}
const std::string &kernelName(const Kernel &kernel) { return kernel.name; }

Module::~Module() {
  if (memory)
    for (auto &global : globals)
      memory->remove((uintptr_t)global.second->data());
  for (auto &global : globals)
    delete global.second;
}

const Kernel *Module::kernel(const std::string &name) const {
  for (const auto &k : kernels)
    if (k->name == name)
      return k.get();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

namespace {
struct Token {
  enum { Ident, Number, String, Punct, End } kind;
  std::string text;
  int line;
};

class Lexer {
public:
  explicit Lexer(const std::string &text) {
    size_t i = 0, n = text.size();
    int line = 1;
    auto identChar = [](char c) {
      return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '%' ||
             c == '.';
    };
    while (i < n) {
      char c = text[i];
      if (c == '\n') {
        ++line;
        ++i;
      } else if (isspace((unsigned char)c)) {
        ++i;
      } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
        while (i < n && text[i] != '\n')
          ++i;
      } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
        i += 2;
        while (i + 1 < n && !(text[i] == '*' && text[i + 1] == '/')) {
          line += text[i] == '\n';
          ++i;
        }
        i += 2;
      } else if (c == '"') {
        size_t start = ++i;
        while (i < n && text[i] != '"')
          ++i;
        tokens.push_back({Token::String, text.substr(start, i - start), line});
        ++i;
      } else if (isdigit((unsigned char)c)) {
        size_t start = i;
        while (i < n && (isalnum((unsigned char)text[i]) || text[i] == '.'))
          ++i;
        tokens.push_back({Token::Number, text.substr(start, i - start), line});
      } else if (identChar(c)) {
        size_t start = i;
        // "::" belongs to modifiers (.L1::no_allocate); a single ':' ends a
        // label.
        while (i < n && (identChar(text[i]) ||
                         (text[i] == ':' && i + 1 < n && text[i + 1] == ':') ||
                         (text[i] == ':' && i > 0 && text[i - 1] == ':')))
          ++i;
        tokens.push_back({Token::Ident, text.substr(start, i - start), line});
      } else {
        tokens.push_back({Token::Punct, std::string(1, c), line});
        ++i;
      }
    }
    tokens.push_back({Token::End, "", line});
  }
  const Token &peek(int ahead = 0) const {
    return tokens[std::min(position + ahead, tokens.size() - 1)];
  }
  const Token &next() {
    const Token &t = peek();
    if (position < tokens.size() - 1)
      ++position;
    return t;
  }
  bool accept(const char *text) {
    if (peek().kind != Token::End && peek().text == text) {
      next();
      return true;
    }
    return false;
  }
  /// The position of the next token, and a return to one (the parser reads
  /// a function's body again at each call it inlines).
  size_t mark() const { return position; }
  void seek(size_t to) { position = std::min(to, tokens.size() - 1); }

private:
  std::vector<Token> tokens;
  size_t position = 0;
};

/// Thrown by the parser; caught in Module::parse.
struct ParseError {
  std::string message;
};
} // namespace

[[noreturn]] static void parseError(const Token &at, const std::string &what) {
  throw ParseError{"line " + std::to_string(at.line) + ": " + what};
}

static void expect(Lexer &lex, const char *text) {
  if (!lex.accept(text))
    parseError(lex.peek(), std::string("expected '") + text + "', found '" +
                               lex.peek().text + "'");
}

static bool parseInteger(const std::string &text, int64_t &value) {
  std::string s = text;
  if (!s.empty() && (s.back() == 'U' || s.back() == 'u'))
    s.pop_back();
  if (s.empty())
    return false;
  errno = 0;
  char *end = nullptr;
  unsigned long long v;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    v = strtoull(s.c_str() + 2, &end, 16);
  else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    v = strtoull(s.c_str() + 2, &end, 2);
  else if (s.size() > 1 && s[0] == '0')
    v = strtoull(s.c_str() + 1, &end, 8);
  else
    v = strtoull(s.c_str(), &end, 10);
  if (errno || *end)
    return false;
  value = (int64_t)v;
  return true;
}

/// A numeric literal: integers, and floats as bit patterns (0f / 0d).
static int64_t parseNumber(Lexer &lex, bool negative) {
  const Token &t = lex.next();
  if (t.kind != Token::Number)
    parseError(t, "expected a number, found '" + t.text + "'");
  int64_t value;
  const std::string &s = t.text;
  if (s.size() == 10 && (s[1] == 'f' || s[1] == 'F') && s[0] == '0') {
    value = (int64_t)strtoull(s.c_str() + 2, nullptr, 16);
    if (negative)
      value ^= 0x80000000ll;
    return value;
  }
  if (s.size() == 18 && (s[1] == 'd' || s[1] == 'D') && s[0] == '0') {
    value = (int64_t)strtoull(s.c_str() + 2, nullptr, 16);
    if (negative)
      value ^= (int64_t)0x8000000000000000ull;
    return value;
  }
  if (!parseInteger(s, value))
    parseError(t, "malformed number '" + s + "'");
  return negative ? (int64_t)(0 - (uint64_t)value) : value;
}

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

namespace {
class Parser {
public:
  Parser(const std::string &text, Module &module, MemoryMap &memory)
      : lex(text), module(module), memory(memory) {}

  void parseModule() {
    // Device functions first: a kernel may call one defined after it.
    scanFunctions();
    lex.seek(0);
    while (lex.peek().kind != Token::End) {
      const Token &t = lex.peek();
      if (t.text == ".version" || t.text == ".address_size") {
        lex.next();
        lex.next();
      } else if (t.text == ".target") {
        lex.next();
        lex.next();
        while (lex.accept(","))
          lex.next();
      } else if (t.text == ".visible" || t.text == ".weak" ||
                 t.text == ".extern" || t.text == ".common") {
        lex.next();
      } else if (t.text == ".entry") {
        lex.next();
        parseEntry();
      } else if (t.text == ".func") {
        lex.next();
        skipFunction();
      } else if (t.text == ".global" || t.text == ".const") {
        lex.next();
        parseGlobal();
      } else if (t.text == ".shared") {
        lex.next();
        uint64_t size, align;
        std::string name = parseVariable(size, align);
        expect(lex, ";");
        module.sharedBytes = (module.sharedBytes + align - 1) / align * align;
        module.sharedOffsets[name] = module.sharedBytes;
        module.sharedBytes += size;
      } else if (t.text == ".file") {
        lex.next();
        lex.next();
        lex.next();
      } else {
        parseError(t, "unsupported directive '" + t.text + "'");
      }
    }
  }

private:
  Lexer lex;
  Module &module;
  MemoryMap &memory;
  Kernel *kernel = nullptr;
  std::unordered_map<std::string, int> registers;
  std::unordered_map<std::string, int> labels;
  std::vector<std::pair<size_t, std::string>> branches;
  /// brx.idx instructions and their tables; the tables' labels by name;
  /// the last label seen (a .branchtargets table's name).
  std::vector<std::pair<size_t, std::string>> indexedBranches;
  std::map<std::string, std::vector<std::string>> branchTables;
  std::string lastLabel;

  /// `.align N .b8 name[N]` and the like: size and alignment.
  std::string parseVariable(uint64_t &size, uint64_t &align) {
    align = 0;
    int vector = 1;
    Ty type = Ty::None;
    bool pointer = false;
    while (lex.peek().kind == Token::Ident && lex.peek().text[0] == '.') {
      std::string m = lex.next().text.substr(1);
      if (m == "align") {
        // After .ptr, .align is the pointee's alignment, not the variable's.
        int64_t a = parseNumber(lex, false);
        if (!pointer)
          align = (uint64_t)a;
      } else if (m == "ptr") {
        pointer = true;
      } else if (m == "v2" || m == "v4") {
        vector = m[1] - '0';
      } else if (m == "global" || m == "shared" || m == "const" ||
                 m == "local") {
      } else if ((type = typeNamed(m)) == Ty::None) {
        parseError(lex.peek(), "unsupported variable modifier '." + m + "'");
      }
    }
    if (type == Ty::None || type == Ty::Pred)
      parseError(lex.peek(), "variable without a type");
    const Token &name = lex.next();
    if (name.kind != Token::Ident)
      parseError(name, "expected a variable name");
    uint64_t count = 1;
    while (lex.accept("[")) {
      if (lex.accept("]")) {
        count = 0;
        continue;
      }
      count *= (uint64_t)parseNumber(lex, false);
      expect(lex, "]");
    }
    uint64_t element = (uint64_t)bitsOf(type) / 8 * vector;
    size = element * count;
    if (!align)
      align = element;
    return name.text;
  }

  void parseGlobal() {
    uint64_t size, align;
    Ty elementType = Ty::None;
    // The directives before the name, `.align N` included (a scan that
    // stopped at N missed the element type, and initializers were dropped:
    // libdevice's __cudart_i2opi_f table read as zeros).
    for (int i = 0;
         lex.peek(i).kind != Token::End &&
         (lex.peek(i).kind != Token::Ident || lex.peek(i).text[0] == '.');
         ++i)
      if (lex.peek(i).kind == Token::Ident &&
          typeNamed(lex.peek(i).text.substr(1)) != Ty::None)
        elementType = typeNamed(lex.peek(i).text.substr(1));
    std::string name = parseVariable(size, align);
    auto *bytes = new std::vector<uint8_t>(std::max<uint64_t>(size, 1) + 64);
    // Align the variable inside its storage.
    uintptr_t base = (uintptr_t)bytes->data();
    size_t skip = (align - base % align) % align;
    uint8_t *data = bytes->data() + skip;
    if (lex.accept("=")) {
      int element = bitsOf(elementType) / 8;
      if (element == 0)
        parseError(lex.peek(), "initializer of " + name + " without a type");
      uint64_t offset = 0;
      bool braces = lex.accept("{");
      do {
        if (lex.peek().text == "}")
          break;
        bool negative = lex.accept("-");
        int64_t v = parseNumber(lex, negative);
        if (offset + element > size)
          parseError(lex.peek(), "initializer of " + name + " too long");
        memcpy(data + offset, &v, element);
        offset += element;
      } while (lex.accept(","));
      if (braces)
        expect(lex, "}");
    }
    expect(lex, ";");
    module.globals.push_back({name, bytes});
    memory.add((uintptr_t)data, size, AllocationKind::ModuleGlobal);
    globalAddresses[name] = (uintptr_t)data;
  }
  std::unordered_map<std::string, uintptr_t> globalAddresses;

  /// A device function (`.func`): its return parameter, its parameters
  /// and where its body starts. Calls inline the body (parseCall).
  struct Function {
    std::string ret;
    std::vector<std::string> params;
    size_t body = 0;
    bool hasBody = false;
  };
  std::map<std::string, Function> functions;

  void scanFunctions() {
    while (lex.peek().kind != Token::End) {
      if (lex.next().text != ".func")
        continue;
      Function f;
      uint64_t size, align;
      if (lex.accept("(")) {
        expect(lex, ".param");
        f.ret = parseVariable(size, align);
        expect(lex, ")");
      }
      std::string name = lex.next().text;
      if (lex.accept("(")) {
        while (!lex.accept(")")) {
          expect(lex, ".param");
          f.params.push_back(parseVariable(size, align));
          lex.accept(",");
        }
      }
      while (lex.peek().text == ".noreturn")
        lex.next();
      if (lex.peek().text == "{") {
        f.body = lex.mark();
        f.hasBody = true;
      }
      skipFunction();
      if (f.hasBody || !functions.count(name))
        functions[name] = f;
    }
  }

  void skipFunction() {
    // Skip a declaration or a body (functions run where they are called).
    int depth = 0;
    while (lex.peek().kind != Token::End) {
      const Token &t = lex.next();
      if (t.text == "{")
        ++depth;
      else if (t.text == "}" && --depth == 0)
        return;
      else if (t.text == ";" && depth == 0)
        return;
    }
  }

  void parseEntry() {
    auto owned = std::make_unique<Kernel>();
    kernel = owned.get();
    registers.clear();
    labels.clear();
    branches.clear();
    indexedBranches.clear();
    branchTables.clear();
    aliases.clear();
    scope.clear();
    retLabel.clear();
    const Token &name = lex.next();
    kernel->name = name.text;
    expect(lex, "(");
    size_t offset = 0;
    while (!lex.accept(")")) {
      expect(lex, ".param");
      uint64_t size, align;
      std::string param = parseVariable(size, align);
      offset = (offset + align - 1) / align * align;
      kernel->params.offsets.push_back(offset);
      kernel->params.sizes.push_back(size);
      kernel->paramNames.push_back(param);
      offset += size;
      lex.accept(",");
    }
    kernel->params.bytes = offset;
    while (lex.peek().text != "{") {
      const Token &d = lex.next();
      if (d.text == ".maxntid" || d.text == ".reqntid") {
        kernel->required = d.text == ".reqntid";
        for (int i = 0; i < 3; ++i) {
          kernel->maxThreads[i] = (unsigned)parseNumber(lex, false);
          if (!lex.accept(","))
            break;
        }
        for (int i = 0; i < 3; ++i)
          if (!kernel->maxThreads[i])
            kernel->maxThreads[i] = 1;
      } else if (d.text == ".minnctapersm" || d.text == ".maxnreg" ||
                 d.text == ".maxclusterrank") {
        parseNumber(lex, false);
      } else if (d.text == ".noreturn") {
      } else {
        parseError(d, "unsupported kernel directive '" + d.text + "' in " +
                          kernel->name);
      }
    }
    expect(lex, "{");
    parseBody();
    for (auto &[index, label] : branches) {
      auto it = labels.find(label);
      if (it == labels.end())
        throw ParseError{"kernel " + kernel->name + ": unknown label '" +
                         label + "'"};
      kernel->code[index].target = it->second;
    }
    for (auto &[index, table] : indexedBranches) {
      auto it = branchTables.find(table);
      if (it == branchTables.end())
        throw ParseError{"kernel " + kernel->name +
                         ": brx.idx of an unknown table '" + table + "'"};
      std::vector<int> targets;
      for (const std::string &label : it->second) {
        auto target = labels.find(label);
        if (target == labels.end())
          throw ParseError{"kernel " + kernel->name + ": unknown label '" +
                           label + "' in table '" + table + "'"};
        targets.push_back(target->second);
      }
      kernel->code[index].target = (int)kernel->jumpTables.size();
      kernel->jumpTables.push_back(std::move(targets));
    }
    // A body that falls off its end returns.
    Inst ret;
    ret.op = Op::Ret;
    ret.text = "ret (end of body)";
    kernel->code.push_back(ret);
    module.kernels.push_back(std::move(owned));
    kernel = nullptr;
  }

  /// The statements of a body, after its `{`, up to its matching `}`. Names
  /// (registers, labels, local variables) are those of the current scope:
  /// an inlined function's get a scope of their own.
  void parseBody() {
    int depth = 1;
    while (depth > 0) {
      const Token &t = lex.peek();
      if (t.kind == Token::End)
        parseError(t, "unterminated body of " + kernel->name);
      if (lex.accept("{")) {
        ++depth;
      } else if (lex.accept("}")) {
        --depth;
      } else if (t.text == ".reg") {
        lex.next();
        parseRegisters();
      } else if (t.text == ".shared" || t.text == ".local" ||
                 t.text == ".param") {
        // A call sequence's .param variables live in the thread's local
        // memory, as the caller's and callee's ld/st.param reach them.
        bool shared = lex.next().text == ".shared";
        uint64_t size, align;
        std::string var = scope + parseVariable(size, align);
        expect(lex, ";");
        auto &offsets = shared ? kernel->sharedOffsets : kernel->localOffsets;
        if (offsets.count(var))
          continue;
        uint64_t &bytes = shared ? kernel->sharedBytes : kernel->localBytes;
        bytes = (bytes + align - 1) / align * align;
        offsets[var] = bytes;
        bytes += size;
      } else if (t.text == ".pragma" || t.text == ".loc") {
        while (!lex.accept(";"))
          lex.next();
      } else if (t.kind == Token::Ident && lex.peek(1).text == ":" &&
                 t.text[0] != '.') {
        labels[scope + t.text] = (int)kernel->code.size();
        lastLabel = scope + t.text;
        lex.next();
        lex.next();
      } else if (t.text == ".branchtargets") {
        // `NAME: .branchtargets L0, L1, ...;`: brx.idx's table NAME.
        lex.next();
        std::vector<std::string> &table = branchTables[lastLabel];
        do
          table.push_back(scope + lex.next().text);
        while (lex.accept(","));
        expect(lex, ";");
      } else {
        parseInstruction();
      }
    }
  }

  /// `call[.uni] (ret), name, (args);` or without a return: the callee's
  /// body inlined in a scope of its own, its parameters and return value
  /// the caller's .param variables, its `ret` a branch to the end. (Calls
  /// nest up to 8 deep; libdevice's slow paths are one deep.)
  std::string scope, retLabel;
  std::map<std::string, std::string> aliases; // scoped name -> caller's
  int calls = 0, callDepth = 0;

  void parseCall(const Token &opcode) {
    std::string ret;
    if (lex.accept("(")) {
      ret = lex.next().text;
      expect(lex, ")");
      expect(lex, ",");
    }
    const Token &name = lex.next();
    std::vector<std::string> args;
    if (lex.accept(",")) {
      expect(lex, "(");
      while (!lex.accept(")")) {
        args.push_back(lex.next().text);
        lex.accept(",");
      }
    }
    expect(lex, ";");
    auto it = functions.find(name.text);
    if (it == functions.end() || !it->second.hasBody)
      parseError(name, "call of '" + name.text + "', which has no body, in " +
                           kernel->name);
    const Function &f = it->second;
    if (args.size() != f.params.size() || ret.empty() != f.ret.empty())
      parseError(opcode, "call of '" + name.text +
                             "' with mismatched parameters in " + kernel->name);
    if (callDepth == 8)
      parseError(opcode, "calls nested more than 8 deep in " + kernel->name);
    std::string inner = scope + "@" + std::to_string(calls++) + ":";
    if (!ret.empty())
      aliases[inner + f.ret] = scope + ret;
    for (size_t i = 0; i < args.size(); ++i)
      aliases[inner + f.params[i]] = scope + args[i];
    size_t resume = lex.mark();
    std::string outerScope = scope, outerRet = retLabel;
    scope = inner;
    retLabel = inner + "$ret";
    ++callDepth;
    lex.seek(f.body);
    expect(lex, "{");
    parseBody();
    labels[retLabel] = (int)kernel->code.size();
    --callDepth;
    scope = outerScope;
    retLabel = outerRet;
    lex.seek(resume);
  }

  void parseRegisters() {
    const Token &typeToken = lex.next();
    Ty type = typeNamed(typeToken.text.substr(1));
    if (type == Ty::None)
      parseError(typeToken,
                 "unsupported register type '" + typeToken.text + "'");
    uint64_t mask = maskOf(bitsOf(type));
    do {
      const Token &name = lex.next();
      if (lex.accept("<")) {
        int64_t count = parseNumber(lex, false);
        expect(lex, ">");
        for (int64_t i = 0; i < count; ++i)
          declare(name.text + std::to_string(i), mask);
      } else {
        declare(name.text, mask);
      }
    } while (lex.accept(","));
    expect(lex, ";");
  }
  /// The kernel's hidden carry flag (CC.CF), declared on first use.
  int carryRegister() {
    declare("%__carry", 1);
    return registers.at(scope + "%__carry");
  }

  void declare(const std::string &unscoped, uint64_t mask) {
    std::string name = scope + unscoped;
    if (registers.count(name))
      return;
    registers[name] = (int)kernel->registerMasks.size();
    kernel->registerMasks.push_back(mask);
  }

  int registerNamed(const Token &t) {
    auto it = registers.find(scope + t.text);
    if (it == registers.end())
      parseError(t, "undeclared register '" + t.text + "' in " + kernel->name);
    return it->second;
  }

  static bool specialNamed(const std::string &name, Special &special) {
    static const std::unordered_map<std::string, Special> specials = {
        {"%tid.x", Special::TidX},       {"%tid.y", Special::TidY},
        {"%tid.z", Special::TidZ},       {"%ntid.x", Special::NtidX},
        {"%ntid.y", Special::NtidY},     {"%ntid.z", Special::NtidZ},
        {"%ctaid.x", Special::CtaidX},   {"%ctaid.y", Special::CtaidY},
        {"%ctaid.z", Special::CtaidZ},   {"%nctaid.x", Special::NctaidX},
        {"%nctaid.y", Special::NctaidY}, {"%nctaid.z", Special::NctaidZ},
        {"%laneid", Special::Laneid},    {"%warpid", Special::Warpid},
        {"%nwarpid", Special::Nwarpid}};
    auto it = specials.find(name);
    if (it == specials.end())
      return false;
    special = it->second;
    return true;
  }

  /// The address of a symbol in its own state space.
  bool symbolAddress(const std::string &name, Space &space, int64_t &address) {
    for (size_t i = 0; i < kernel->paramNames.size(); ++i)
      if (kernel->paramNames[i] == name) {
        space = Space::Param;
        address = (int64_t)kernel->params.offsets[i];
        return true;
      }
    if (auto it = kernel->sharedOffsets.find(name);
        it != kernel->sharedOffsets.end()) {
      space = Space::Shared;
      address = (int64_t)(module.sharedBytes + it->second);
      return true;
    }
    if (auto it = module.sharedOffsets.find(name);
        it != module.sharedOffsets.end()) {
      space = Space::Shared;
      address = (int64_t)it->second;
      return true;
    }
    std::string local = scope + name;
    if (auto alias = aliases.find(local); alias != aliases.end())
      local = alias->second;
    if (auto it = kernel->localOffsets.find(local);
        it != kernel->localOffsets.end()) {
      space = Space::Local;
      address = (int64_t)it->second;
      return true;
    }
    if (auto it = globalAddresses.find(name); it != globalAddresses.end()) {
      space = Space::Global;
      address = (int64_t)it->second;
      return true;
    }
    return false;
  }

  void parseElement(Operand &o, int i) {
    const Token &t = lex.peek();
    if (t.text == "_") {
      lex.next();
      o.elementKind[i] = Kind::Sink;
    } else if (t.kind == Token::Ident) {
      o.elementKind[i] = Kind::Reg;
      o.elementReg[i] = registerNamed(lex.next());
    } else {
      bool negative = lex.accept("-");
      o.elementKind[i] = Kind::Imm;
      o.elementImm[i] = parseNumber(lex, negative);
    }
  }

  Operand parseOperand() {
    Operand o;
    const Token &t = lex.peek();
    if (lex.accept("{")) {
      o.kind = Kind::Vec;
      do {
        if (o.count == 4)
          parseError(t, "vector of more than 4 elements");
        parseElement(o, o.count++);
      } while (lex.accept(","));
      expect(lex, "}");
      return o;
    }
    if (lex.accept("[")) {
      o.kind = Kind::Addr;
      const Token &base = lex.next();
      if (base.kind == Token::Number) {
        int64_t v;
        if (!parseInteger(base.text, v))
          parseError(base, "malformed address");
        o.imm = v;
      } else if (registers.count(scope + base.text)) {
        o.reg = registers[scope + base.text];
      } else if (!symbolAddress(base.text, o.symbolSpace, o.imm)) {
        parseError(base, "unknown symbol '" + base.text + "'");
      }
      if (lex.accept("+")) {
        bool negative = lex.accept("-");
        o.imm += parseNumber(lex, negative);
      } else if (lex.accept("-")) {
        o.imm -= parseNumber(lex, false);
      }
      expect(lex, "]");
      return o;
    }
    if (lex.accept("!")) {
      o = parseOperand();
      o.negate = true;
      return o;
    }
    if (t.kind == Token::Ident) {
      if (t.text == "_") {
        lex.next();
        o.kind = Kind::Sink;
        return o;
      }
      if (specialNamed(t.text, o.special)) {
        lex.next();
        o.kind = Kind::Special;
        return o;
      }
      if (registers.count(scope + t.text)) {
        o.kind = Kind::Reg;
        o.reg = registerNamed(lex.next());
        if (lex.accept("|"))
          o.reg2 = registerNamed(lex.next());
        return o;
      }
      if (t.text[0] == '%')
        parseError(t,
                   "unsupported register '" + t.text + "' in " + kernel->name);
      lex.next();
      if (symbolAddress(t.text, o.symbolSpace, o.imm)) {
        if (o.symbolSpace == Space::Param)
          parseError(t, "the address of parameter '" + t.text +
                            "' is not supported");
        o.kind = Kind::Imm;
        return o;
      }
      o.kind = Kind::Label;
      labelName = t.text;
      return o;
    }
    bool negative = lex.accept("-");
    o.kind = Kind::Imm;
    o.imm = parseNumber(lex, negative);
    return o;
  }
  std::string labelName;

  void parseInstruction() {
    Inst inst;
    const Token &first = lex.peek();
    inst.line = first.line;
    if (lex.accept("@")) {
      inst.guardNegated = lex.accept("!");
      inst.guard = registerNamed(lex.next());
    }
    const Token &opcode = lex.next();
    if (opcode.kind != Token::Ident)
      parseError(opcode,
                 "expected an instruction, found '" + opcode.text + "'");
    inst.text = opcode.text;
    labelName.clear();
    if (opcode.text == "call" || opcode.text.rfind("call.", 0) == 0) {
      if (inst.guard >= 0)
        unsupported(opcode, "a guarded call");
      parseCall(opcode);
      return;
    }
    if (!lex.accept(";")) {
      do {
        if (inst.ops == 5)
          parseError(opcode, "too many operands of " + opcode.text);
        inst.operand[inst.ops++] = parseOperand();
      } while (lex.accept(","));
      expect(lex, ";");
    }
    decode(inst, opcode);
    if (inst.op == Op::Bra) {
      if (labelName.empty())
        parseError(opcode, "bra without a label in " + kernel->name);
      branches.push_back({kernel->code.size(), scope + labelName});
    }
    if (inst.op == Op::Brx)
      indexedBranches.push_back({kernel->code.size(), scope + labelName});
    if (inst.op == Op::Ret && !retLabel.empty()) {
      // An inlined function's return: to the end of its body.
      inst.op = Op::Bra;
      inst.text = "ret (inlined)";
      branches.push_back({kernel->code.size(), retLabel});
    }
    kernel->code.push_back(inst);
  }

  [[noreturn]] void unsupported(const Token &at, const std::string &what) {
    parseError(at, "unsupported instruction '" + what + "' in kernel " +
                       kernel->name);
  }

  /// Operand count and kinds of an instruction: a mismatch is an error.
  void want(const Inst &inst, const Token &at, int count) {
    if (inst.ops != count)
      unsupported(at, inst.text + " with " + std::to_string(inst.ops) +
                          " operands");
  }

  void decode(Inst &inst, const Token &at) {
    std::vector<std::string> parts;
    size_t start = 0;
    const std::string &s = inst.text;
    for (size_t i = 0; i <= s.size(); ++i)
      if (i == s.size() || s[i] == '.') {
        parts.push_back(s.substr(start, i - start));
        start = i + 1;
      }
    static const std::unordered_map<std::string, Op> ops = {
        {"mov", Op::Mov},           {"ld", Op::Ld},       {"st", Op::St},
        {"add", Op::Add},           {"sub", Op::Sub},     {"mul", Op::Mul},
        {"mad", Op::Mad},           {"fma", Op::Fma},     {"div", Op::Div},
        {"rem", Op::Rem},           {"min", Op::Min},     {"max", Op::Max},
        {"abs", Op::Abs},           {"neg", Op::Neg},     {"not", Op::Not},
        {"cnot", Op::Cnot},         {"and", Op::And},     {"or", Op::Or},
        {"xor", Op::Xor},           {"shl", Op::Shl},     {"shr", Op::Shr},
        {"popc", Op::Popc},         {"clz", Op::Clz},     {"brev", Op::Brev},
        {"bfe", Op::Bfe},           {"bfi", Op::Bfi},     {"prmt", Op::Prmt},
        {"shf", Op::Shf},           {"selp", Op::Selp},   {"setp", Op::Setp},
        {"cvt", Op::Cvt},           {"cvta", Op::Cvta},   {"bra", Op::Bra},
        {"brx", Op::Brx},           {"ret", Op::Ret},     {"exit", Op::Ret},
        {"bar", Op::Bar},           {"barrier", Op::Bar}, {"membar", Op::Nop},
        {"fence", Op::Nop},         {"sqrt", Op::Sqrt},   {"rcp", Op::Rcp},
        {"copysign", Op::Copysign}, {"ex2", Op::Ex2},     {"trap", Op::Trap},
        {"lg2", Op::Lg2},           {"rsqrt", Op::Rsqrt}, {"sin", Op::Sin},
        {"cos", Op::Cos},           {"tanh", Op::Tanh},   {"addc", Op::Add},
        {"subc", Op::Sub},          {"madc", Op::Mad}};
    auto it = ops.find(parts[0]);
    if (it == ops.end())
      unsupported(at, inst.text);
    inst.op = it->second;
    if (parts[0] == "addc" || parts[0] == "subc" || parts[0] == "madc")
      inst.carryIn = true;
    std::vector<Ty> types;
    for (size_t i = 1; i < parts.size(); ++i) {
      const std::string &m = parts[i];
      Ty t = typeNamed(m);
      static const std::unordered_map<std::string, Cmp> cmps = {
          {"eq", Cmp::Eq},   {"ne", Cmp::Ne},   {"lt", Cmp::Lt},
          {"le", Cmp::Le},   {"gt", Cmp::Gt},   {"ge", Cmp::Ge},
          {"lo", Cmp::Lo},   {"ls", Cmp::Ls},   {"hi", Cmp::Hi},
          {"hs", Cmp::Hs},   {"equ", Cmp::Equ}, {"neu", Cmp::Neu},
          {"ltu", Cmp::Ltu}, {"leu", Cmp::Leu}, {"gtu", Cmp::Gtu},
          {"geu", Cmp::Geu}, {"num", Cmp::Num}, {"nan", Cmp::Nan}};
      if (t != Ty::None) {
        types.push_back(t);
      } else if (m == "global" || m == "shared" || m == "local" ||
                 m == "param" || m == "const") {
        inst.space = m == "global"   ? Space::Global
                     : m == "shared" ? Space::Shared
                     : m == "local"  ? Space::Local
                     : m == "param"  ? Space::Param
                                     : Space::Const;
      } else if (m == "v2" || m == "v4") {
        inst.vector = m[1] - '0';
      } else if (inst.op == Op::Setp && cmps.count(m) && types.empty() &&
                 inst.cmp == Cmp::Eq && i == 1) {
        inst.cmp = cmps.at(m);
      } else if (inst.op == Op::Setp &&
                 (m == "and" || m == "or" || m == "xor")) {
        inst.boolOp = m == "and" ? Op::And : m == "or" ? Op::Or : Op::Xor;
      } else if (m == "rn" || m == "rz" || m == "rm" || m == "rp") {
        inst.rounding = m == "rn"   ? FE_TONEAREST
                        : m == "rz" ? FE_TOWARDZERO
                        : m == "rm" ? FE_DOWNWARD
                                    : FE_UPWARD;
      } else if (m == "rni" || m == "rzi" || m == "rmi" || m == "rpi") {
        inst.intRound = m == "rni"   ? Inst::RNI
                        : m == "rzi" ? Inst::RZI
                        : m == "rmi" ? Inst::RMI
                                     : Inst::RPI;
      } else if (m == "ftz") {
        inst.ftz = true;
      } else if (m == "sat" || m == "satfinite") {
        inst.sat = true;
      } else if (m == "cc" && (inst.op == Op::Add || inst.op == Op::Sub ||
                               inst.op == Op::Mad)) {
        inst.carryOut = true;
      } else if (m == "wide") {
        inst.wide = true;
      } else if (m == "hi") {
        inst.hi = true;
      } else if (m == "NaN") {
        inst.nanMode = true;
      } else if (m == "to" && inst.op == Op::Cvta) {
        inst.toWindow = true;
      } else if ((m == "l" || m == "r") && inst.op == Op::Shf) {
        inst.left = m == "l";
      } else if ((m == "wrap" || m == "clamp") && inst.op == Op::Shf) {
        inst.clamp = m == "clamp";
      } else if (m == "idx" && inst.op == Op::Brx) {
        // brx's only form: an index into a .branchtargets table.
      } else if (m == "lo" || m == "uni" || m == "approx" || m == "full" ||
                 m == "aligned" || m == "sync" || m == "nc" || m == "ca" ||
                 m == "cg" || m == "cs" || m == "lu" || m == "cv" ||
                 m == "wb" || m == "wt" || m == "volatile" || m == "relaxed" ||
                 m == "weak" || m == "cta" || m == "gpu" || m == "sys" ||
                 m == "sc" || m == "acq_rel" ||
                 m.find("::") != std::string::npos) {
        // Cache, scope and approximation hints do not change the values the
        // emulation computes (approx ops are computed exactly).
      } else {
        unsupported(at, inst.text + " (modifier ." + m + ")");
      }
    }
    if (inst.op == Op::Cvt) {
      if (types.size() != 2)
        unsupported(at, inst.text);
      inst.type = types[0];
      inst.source = types[1];
    } else if (types.size() == 1) {
      inst.type = types[0];
    } else if (!types.empty()) {
      unsupported(at, inst.text);
    }
    checkShape(inst, at);
  }

  void checkShape(Inst &inst, const Token &at) {
    bool needsType = true;
    switch (inst.op) {
    case Op::Bra:
      needsType = false;
      want(inst, at, 1);
      break;
    case Op::Brx:
      needsType = false;
      want(inst, at, 2);
      if (inst.operand[0].kind != Kind::Reg ||
          inst.operand[1].kind != Kind::Label ||
          inst.text.rfind("brx.idx", 0) != 0)
        unsupported(at, inst.text + " but brx.idx of a register and a "
                                    "table");
      break;
    case Op::Ret:
    case Op::Nop:
    case Op::Trap:
      needsType = false;
      break;
    case Op::Bar:
      needsType = false;
      if (inst.ops != 1 || inst.operand[0].kind != Kind::Imm)
        unsupported(at, inst.text + " with a thread count");
      break;
    case Op::Ld:
    case Op::St: {
      want(inst, at, 2);
      const Operand &address = inst.operand[inst.op == Op::Ld ? 1 : 0];
      const Operand &value = inst.operand[inst.op == Op::Ld ? 0 : 1];
      if (address.kind != Kind::Addr)
        unsupported(at, inst.text + " without an address");
      if ((inst.vector > 1) != (value.kind == Kind::Vec) ||
          (inst.vector > 1 && value.count != inst.vector))
        unsupported(at, inst.text + " with a mismatched vector");
      if (address.reg < 0 && address.symbolSpace != Space::Generic &&
          inst.space == Space::Generic) {
        // A symbol's address in a generic access: make it its space's.
        inst.space = address.symbolSpace;
      }
      // A call sequence's .param variables are local memory (parseBody).
      if (inst.space == Space::Param && address.reg < 0 &&
          address.symbolSpace == Space::Local)
        inst.space = Space::Local;
      if (inst.space == Space::Param && address.reg >= 0)
        unsupported(at, inst.text + " through a register");
      if (inst.space == Space::Const)
        inst.space = Space::Global;
      break;
    }
    case Op::Cvta:
      want(inst, at, 2);
      if (inst.space == Space::Global || inst.space == Space::Const)
        inst.shared = false;
      else if (inst.space == Space::Shared || inst.space == Space::Local)
        inst.shared = true;
      else
        unsupported(at, inst.text);
      break;
    case Op::Setp:
      if (inst.ops != (inst.boolOp == Op::Nop ? 3 : 4))
        unsupported(at, inst.text);
      break;
    case Op::Cvt:
      // cvt.rn.f16x2.f32 d, a, b (and bf16x2) packs two conversions: a's
      // in the upper half, b's in the lower.
      want(inst, at,
           (inst.type == Ty::F16x2 || inst.type == Ty::BF16x2) &&
                   inst.source == Ty::F32
               ? 3
               : 2);
      break;
    case Op::Mad:
    case Op::Fma:
    case Op::Selp:
    case Op::Prmt:
    case Op::Shf:
    case Op::Bfe:
      want(inst, at, 4);
      break;
    case Op::Bfi:
      want(inst, at, 5);
      break;
    case Op::Mov:
    case Op::Abs:
    case Op::Neg:
    case Op::Not:
    case Op::Cnot:
    case Op::Popc:
    case Op::Clz:
    case Op::Brev:
    case Op::Sqrt:
    case Op::Rcp:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Rsqrt:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh:
      want(inst, at, 2);
      break;
    default:
      want(inst, at, 3);
      break;
    }
    if (inst.carryIn || inst.carryOut) {
      if (isFloat(inst.type) ||
          (bitsOf(inst.type) != 32 && bitsOf(inst.type) != 64) || inst.wide)
        unsupported(at, inst.text);
      inst.carryReg = carryRegister();
    }
    if (needsType && inst.type == Ty::None)
      unsupported(at, inst.text + " without a type");
    if (inst.op == Op::Prmt && inst.type != Ty::B32)
      unsupported(at, inst.text + " (only the default mode)");
    if (inst.space == Space::Const && inst.op != Op::Ld)
      unsupported(at, inst.text);
    for (int i = 0; i < inst.ops; ++i)
      if (inst.operand[i].kind == Kind::Vec && inst.op != Op::Mov &&
          inst.op != Op::Ld && inst.op != Op::St)
        unsupported(at, inst.text + " with a vector operand");
    if (inst.op == Op::Mov && (inst.operand[0].kind == Kind::Vec ||
                               inst.operand[1].kind == Kind::Vec)) {
      // Packing and unpacking: the parts split the type's width evenly.
      const Operand &v =
          inst.operand[inst.operand[0].kind == Kind::Vec ? 0 : 1];
      if (inst.operand[0].kind == inst.operand[1].kind || v.count < 2 ||
          bitsOf(inst.type) % v.count)
        unsupported(at, inst.text + " with mismatched parts");
    }
    if (isFloat(inst.type) &&
        (inst.op == Op::And || inst.op == Op::Or || inst.op == Op::Xor ||
         inst.op == Op::Shl || inst.op == Op::Shr || inst.op == Op::Rem))
      unsupported(at, inst.text);
    if ((inst.op == Op::Sqrt || inst.op == Op::Rcp ||
         inst.op == Op::Copysign) &&
        inst.type != Ty::F32 && inst.type != Ty::F64)
      unsupported(at, inst.text);
    // ex2, lg2, sin, cos and tanh exist only as f32 (and f16)
    // approximations, rsqrt as f32 and f64 ones; the emulation computes
    // them exactly (correctly rounded from double), within the device's
    // documented error.
    if ((inst.op == Op::Ex2 || inst.op == Op::Lg2 || inst.op == Op::Sin ||
         inst.op == Op::Cos || inst.op == Op::Tanh) &&
        inst.type != Ty::F32)
      unsupported(at, inst.text);
    if (inst.op == Op::Rsqrt && inst.type != Ty::F32 && inst.type != Ty::F64)
      unsupported(at, inst.text);
  }

  friend std::unique_ptr<Module> emu::Module::parse(const std::string &,
                                                    MemoryMap &, std::string &);
};
} // namespace

std::unique_ptr<Module> Module::parse(const std::string &text,
                                      MemoryMap &memory, std::string &error) {
  auto module = std::make_unique<Module>();
  module->memory = &memory;
  try {
    Parser parser(text, *module, memory);
    parser.parseModule();
  } catch (const ParseError &e) {
    error = e.message;
    return nullptr;
  }
  if (module->kernels.empty()) {
    error = "the PTX holds no kernel";
    return nullptr;
  }
  return module;
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

namespace {
enum class ThreadState : uint8_t { Running, AtBarrier, Done };

struct Fault {
  LaunchResult result;
  std::string message;
};

class Executor {
public:
  Executor(const Module &module, const Kernel &kernel, const unsigned grid[3],
           const unsigned block[3], size_t dynamicShared,
           const std::vector<uint8_t> &params, const MemoryMap &memory,
           LaunchStats &stats)
      : kernel(kernel), params(params), memory(memory), stats(stats) {
    for (int i = 0; i < 3; ++i) {
      this->grid[i] = grid[i];
      this->block[i] = block[i];
    }
    threads = block[0] * block[1] * block[2];
    registerCount = kernel.registerMasks.size();
    sharedSize = module.sharedBytes + kernel.sharedBytes + dynamicShared;
    const char *limit = getenv("SLICE_EMULATED_DEVICE_MAX_STEPS");
    maxSteps = limit ? strtoull(limit, nullptr, 10) : (1ull << 32);
  }

  ~Executor() {
    stats.loads.distinctSectors = loadSectors.size();
    stats.stores.distinctSectors = storeSectors.size();
  }

  LaunchResult run() {
    std::vector<uint64_t> registers(threads *
                                    std::max<size_t>(registerCount, 1));
    std::vector<uint32_t> pcs(threads);
    std::vector<ThreadState> states(threads);
    local.assign(threads * kernel.localBytes, 0xA5);
    for (unsigned z = 0; z < grid[2]; ++z)
      for (unsigned y = 0; y < grid[1]; ++y)
        for (unsigned x = 0; x < grid[0]; ++x) {
          ctaid[0] = x, ctaid[1] = y, ctaid[2] = z;
          std::fill(registers.begin(), registers.end(), 0);
          std::fill(pcs.begin(), pcs.end(), 0);
          std::fill(states.begin(), states.end(), ThreadState::Running);
          shared.assign(sharedSize, 0xA5);
          LaunchResult r = runBlock(registers, pcs, states);
          if (r != LaunchResult::Success)
            return r;
        }
    return LaunchResult::Success;
  }

private:
  const Kernel &kernel;
  const std::vector<uint8_t> &params;
  const MemoryMap &memory;
  LaunchStats &stats;
  unsigned grid[3], block[3], ctaid[3];
  size_t threads, registerCount, sharedSize;
  std::vector<uint8_t> shared, local;
  uint64_t steps = 0, maxSteps;
  // The current warp-wide request of a global access.
  uint64_t sectors[32 * 2];
  int sectorCount = 0;
  uint64_t requestBytes = 0;
  bool requestActive = false;
  std::unordered_set<uint64_t> loadSectors, storeSectors;

  LaunchResult runBlock(std::vector<uint64_t> &registers,
                        std::vector<uint32_t> &pcs,
                        std::vector<ThreadState> &states) {
    size_t warps = (threads + 31) / 32;
    while (true) {
      for (size_t w = 0; w < warps; ++w) {
        LaunchResult r = runWarp(w, registers, pcs, states);
        if (r != LaunchResult::Success)
          return r;
      }
      bool waiting = false;
      for (size_t t = 0; t < threads; ++t)
        waiting |= states[t] == ThreadState::AtBarrier;
      if (!waiting)
        return LaunchResult::Success;
      // Every thread has arrived at the barrier or exited: release them.
      for (size_t t = 0; t < threads; ++t)
        if (states[t] == ThreadState::AtBarrier) {
          states[t] = ThreadState::Running;
          ++pcs[t];
        }
    }
  }

  LaunchResult runWarp(size_t warp, std::vector<uint64_t> &registers,
                       std::vector<uint32_t> &pcs,
                       std::vector<ThreadState> &states) {
    size_t first = warp * 32, last = std::min(first + 32, threads);
    while (true) {
      uint32_t pc = UINT32_MAX;
      for (size_t t = first; t < last; ++t)
        if (states[t] == ThreadState::Running)
          pc = std::min(pc, pcs[t]);
      if (pc == UINT32_MAX)
        return LaunchResult::Success;
      if (++steps > maxSteps) {
        fprintf(stderr,
                "emulated-device: kernel %s ran more than %llu warp "
                "instructions (SLICE_EMULATED_DEVICE_MAX_STEPS): stopped\n",
                kernel.name.c_str(), (unsigned long long)maxSteps);
        return LaunchResult::Timeout;
      }
      ++stats.instructions;
      const Inst &inst = kernel.code[pc];
      beginRequest();
      for (size_t t = first; t < last; ++t) {
        if (states[t] != ThreadState::Running || pcs[t] != pc)
          continue;
        uint64_t *r = &registers[t * registerCount];
        Fault fault{LaunchResult::Success, {}};
        execute(inst, t, r, pcs[t], states[t], fault);
        if (fault.result != LaunchResult::Success) {
          unsigned tid[3] = {(unsigned)(t % block[0]),
                             (unsigned)(t / block[0] % block[1]),
                             (unsigned)(t / block[0] / block[1])};
          fprintf(stderr,
                  "emulated-device: kernel %s, block (%u,%u,%u), thread "
                  "(%u,%u,%u), instruction %u (line %d: %s): %s\n",
                  kernel.name.c_str(), ctaid[0], ctaid[1], ctaid[2], tid[0],
                  tid[1], tid[2], pc, inst.line, inst.text.c_str(),
                  fault.message.c_str());
          return fault.result;
        }
      }
      endRequest(inst);
    }
  }

  void beginRequest() {
    sectorCount = 0;
    requestBytes = 0;
    requestActive = false;
  }
  void countAccess(uint64_t address, uint64_t bytes) {
    requestActive = true;
    requestBytes += bytes;
    for (uint64_t s = address >> 5; s <= (address + bytes - 1) >> 5; ++s) {
      bool seen = false;
      for (int i = 0; i < sectorCount && !seen; ++i)
        seen = sectors[i] == s;
      if (!seen && sectorCount < 64)
        sectors[sectorCount++] = s;
    }
  }
  void endRequest(const Inst &inst) {
    if (!requestActive)
      return;
    AccessCounts &c = inst.op == Op::St ? stats.stores : stats.loads;
    auto &distinct = inst.op == Op::St ? storeSectors : loadSectors;
    for (int i = 0; i < sectorCount; ++i)
      distinct.insert(sectors[i]);
    ++c.requests;
    c.sectors += sectorCount;
    c.bytes += requestBytes;
  }

  uint64_t special(Special s, size_t t) const {
    switch (s) {
    case Special::TidX:
      return t % block[0];
    case Special::TidY:
      return t / block[0] % block[1];
    case Special::TidZ:
      return t / block[0] / block[1];
    case Special::NtidX:
      return block[0];
    case Special::NtidY:
      return block[1];
    case Special::NtidZ:
      return block[2];
    case Special::CtaidX:
      return ctaid[0];
    case Special::CtaidY:
      return ctaid[1];
    case Special::CtaidZ:
      return ctaid[2];
    case Special::NctaidX:
      return grid[0];
    case Special::NctaidY:
      return grid[1];
    case Special::NctaidZ:
      return grid[2];
    case Special::Laneid:
      return t % 32;
    case Special::Warpid:
      return t / 32;
    case Special::Nwarpid:
      return (threads + 31) / 32;
    }
    return 0;
  }

  uint64_t read(const Operand &o, size_t t, const uint64_t *r) const {
    switch (o.kind) {
    case Kind::Reg:
      return r[o.reg];
    case Kind::Special:
      return special(o.special, t);
    default:
      return (uint64_t)o.imm;
    }
  }
  void write(int reg, uint64_t value, uint64_t *r) const {
    if (reg >= 0)
      r[reg] = value & kernel.registerMasks[reg];
  }
  /// A value of type t as the 64-bit integer it means (extended).
  static uint64_t extend(uint64_t v, Ty t) {
    int bits = bitsOf(t);
    return isSigned(t) ? (uint64_t)signExtend(v, bits) : v & maskOf(bits);
  }

  /// Resolves an access: the host address and whether it is in range.
  bool resolve(const Inst &inst, const Operand &a, size_t t, uint64_t *r,
               uint64_t bytes, uint8_t *&host, Fault &fault) {
    uint64_t address = (a.reg >= 0 ? r[a.reg] : 0) + (uint64_t)a.imm;
    Space space = inst.space;
    uint8_t *sharedBase = shared.data();
    uint8_t *localBase = local.data() + t * kernel.localBytes;
    if (space == Space::Generic) {
      if (address >= (uint64_t)sharedBase &&
          address < (uint64_t)sharedBase + sharedSize) {
        space = Space::Shared;
        address -= (uint64_t)sharedBase;
      } else if (kernel.localBytes && address >= (uint64_t)localBase &&
                 address < (uint64_t)localBase + kernel.localBytes) {
        space = Space::Local;
        address -= (uint64_t)localBase;
      } else {
        space = Space::Global;
      }
    }
    char text[512];
    uint64_t alignment = bytes;
    if (address % alignment) {
      snprintf(text, sizeof text,
               "misaligned address 0x%llx of a %llu-byte %s access",
               (unsigned long long)address, (unsigned long long)bytes,
               space == Space::Global ? "global" : "local or shared");
      fault = {LaunchResult::MisalignedAddress, text};
      return false;
    }
    switch (space) {
    case Space::Param:
      if (address + bytes > params.size()) {
        snprintf(text, sizeof text, "parameter offset %llu out of range",
                 (unsigned long long)address);
        fault = {LaunchResult::IllegalAddress, text};
        return false;
      }
      host = const_cast<uint8_t *>(params.data()) + address;
      return true;
    case Space::Shared:
      if (address + bytes > sharedSize) {
        snprintf(text, sizeof text,
                 "shared address 0x%llx (%llu bytes) outside the block's %llu "
                 "bytes of shared memory",
                 (unsigned long long)address, (unsigned long long)bytes,
                 (unsigned long long)sharedSize);
        fault = {LaunchResult::IllegalAddress, text};
        return false;
      }
      host = sharedBase + address;
      return true;
    case Space::Local:
      if (address + bytes > kernel.localBytes) {
        snprintf(text, sizeof text, "local address 0x%llx out of range",
                 (unsigned long long)address);
        fault = {LaunchResult::IllegalAddress, text};
        return false;
      }
      host = localBase + address;
      return true;
    default:
      if (!memory.contains(address, bytes)) {
        snprintf(text, sizeof text,
                 "illegal address 0x%llx of a %llu-byte global access: %s",
                 (unsigned long long)address, (unsigned long long)bytes,
                 memory.describe(address, bytes).c_str());
        fault = {LaunchResult::IllegalAddress, text};
        return false;
      }
      countAccess(address, bytes);
      host = (uint8_t *)address;
      return true;
    }
  }

  void execute(const Inst &inst, size_t t, uint64_t *r, uint32_t &pc,
               ThreadState &state, Fault &fault) {
    if (inst.guard >= 0 && ((r[inst.guard] & 1) != 0) == inst.guardNegated) {
      ++pc;
      return;
    }
    const Operand *o = inst.operand;
    Ty ty = inst.type;
    int bits = bitsOf(ty);
    uint64_t mask = maskOf(bits);
    switch (inst.op) {
    case Op::Bra:
      pc = (uint32_t)inst.target;
      return;
    case Op::Brx: {
      const std::vector<int> &table = kernel.jumpTables[inst.target];
      uint64_t index = read(o[0], t, r) & 0xffffffffu;
      if (index >= table.size()) {
        fault = {LaunchResult::IllegalInstruction,
                 "brx.idx index " + std::to_string(index) +
                     " past its table of " + std::to_string(table.size())};
        return;
      }
      pc = (uint32_t)table[index];
      return;
    }
    case Op::Ret:
      state = ThreadState::Done;
      return;
    case Op::Bar:
      state = ThreadState::AtBarrier;
      return; // the block releases it (and advances its pc)
    case Op::Trap:
      fault = {LaunchResult::IllegalInstruction, "trap"};
      return;
    case Op::Nop:
      break;
    case Op::Ld:
    case Op::St: {
      bool load = inst.op == Op::Ld;
      const Operand &address = o[load ? 1 : 0], &value = o[load ? 0 : 1];
      uint64_t element = (uint64_t)std::max(bits, 8) / 8;
      uint8_t *host = nullptr;
      if (!resolve(inst, address, t, r, element * inst.vector, host, fault))
        return;
      for (int i = 0; i < inst.vector; ++i) {
        uint8_t *p = host + i * element;
        if (load) {
          uint64_t v = 0;
          memcpy(&v, p, element);
          if (bits == 1)
            v &= 1;
          int reg = inst.vector > 1 ? (value.elementKind[i] == Kind::Reg
                                           ? value.elementReg[i]
                                           : -1)
                                    : value.reg;
          write(reg, extend(v, ty), r);
        } else {
          uint64_t v;
          if (inst.vector > 1)
            v = value.elementKind[i] == Kind::Reg
                    ? r[value.elementReg[i]]
                    : (uint64_t)value.elementImm[i];
          else
            v = read(value, t, r);
          memcpy(p, &v, element);
        }
      }
      break;
    }
    case Op::Mov: {
      if (o[0].kind == Kind::Vec) {
        // Unpack: the parts from the low bits up.
        uint64_t v = read(o[1], t, r);
        int part = bits / o[0].count;
        for (int i = 0; i < o[0].count; ++i)
          if (o[0].elementKind[i] == Kind::Reg)
            write(o[0].elementReg[i], (v >> (i * part)) & maskOf(part), r);
      } else if (o[1].kind == Kind::Vec) {
        int part = bits / o[1].count;
        uint64_t v = 0;
        for (int i = 0; i < o[1].count; ++i) {
          uint64_t e = o[1].elementKind[i] == Kind::Reg
                           ? r[o[1].elementReg[i]]
                           : (uint64_t)o[1].elementImm[i];
          v |= (e & maskOf(part)) << (i * part);
        }
        write(o[0].reg, v, r);
      } else {
        write(o[0].reg, read(o[1], t, r) & mask, r);
      }
      break;
    }
    case Op::Cvta: {
      uint64_t v = read(o[1], t, r);
      if (inst.shared) {
        uint64_t base = inst.space == Space::Shared
                            ? (uint64_t)shared.data()
                            : (uint64_t)(local.data() + t * kernel.localBytes);
        v = inst.toWindow ? v - base : v + base;
      }
      write(o[0].reg, v, r);
      break;
    }
    case Op::Selp:
      write(o[0].reg,
            (read(o[3], t, r) & 1) != o[3].negate ? read(o[1], t, r)
                                                  : read(o[2], t, r),
            r);
      break;
    case Op::Setp: {
      bool c = compare(inst, read(o[1], t, r), read(o[2], t, r));
      bool q = !c;
      if (inst.boolOp != Op::Nop) {
        bool x = ((read(o[3], t, r) & 1) != 0) != o[3].negate;
        auto combine = [&](bool a) {
          return inst.boolOp == Op::And  ? a && x
                 : inst.boolOp == Op::Or ? a || x
                                         : a != x;
        };
        c = combine(c);
        q = combine(q);
      }
      write(o[0].reg, c, r);
      write(o[0].reg2, q, r);
      break;
    }
    case Op::Cvt:
      if (inst.ops == 3) {
        // Two f32 to a packed pair: operand 1 to the upper half.
        Inst half = inst;
        half.type = inst.type == Ty::F16x2 ? Ty::F16 : Ty::BF16;
        uint64_t hi = convert(half, read(o[1], t, r)) & 0xffff;
        uint64_t lo = convert(half, read(o[2], t, r)) & 0xffff;
        write(o[0].reg, hi << 16 | lo, r);
      } else {
        write(o[0].reg, convert(inst, read(o[1], t, r)), r);
      }
      break;
    default:
      if (isFloat(ty))
        floatOp(inst, t, r);
      else
        integerOp(inst, t, r, fault);
      break;
    }
    ++pc;
  }

  static bool compare(const Inst &inst, uint64_t a, uint64_t b) {
    Ty ty = inst.type;
    if (ty == Ty::Pred) {
      a &= 1;
      b &= 1;
    }
    if (isFloat(ty)) {
      double x = toDouble(a, ty), y = toDouble(b, ty);
      if (inst.ftz && ty == Ty::F32) {
        x = flush(x);
        y = flush(y);
      }
      bool unordered = std::isnan(x) || std::isnan(y);
      switch (inst.cmp) {
      case Cmp::Eq:
        return !unordered && x == y;
      case Cmp::Ne:
        return !unordered && x != y;
      case Cmp::Lt:
        return !unordered && x < y;
      case Cmp::Le:
        return !unordered && x <= y;
      case Cmp::Gt:
        return !unordered && x > y;
      case Cmp::Ge:
        return !unordered && x >= y;
      case Cmp::Equ:
        return unordered || x == y;
      case Cmp::Neu:
        return unordered || x != y;
      case Cmp::Ltu:
        return unordered || x < y;
      case Cmp::Leu:
        return unordered || x <= y;
      case Cmp::Gtu:
        return unordered || x > y;
      case Cmp::Geu:
        return unordered || x >= y;
      case Cmp::Num:
        return !unordered;
      case Cmp::Nan:
        return unordered;
      default:
        return false;
      }
    }
    int bits = bitsOf(ty);
    int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
    uint64_t ua = a & maskOf(bits), ub = b & maskOf(bits);
    bool s = isSigned(ty);
    switch (inst.cmp) {
    case Cmp::Eq:
      return ua == ub;
    case Cmp::Ne:
      return ua != ub;
    case Cmp::Lt:
      return s ? sa < sb : ua < ub;
    case Cmp::Le:
      return s ? sa <= sb : ua <= ub;
    case Cmp::Gt:
      return s ? sa > sb : ua > ub;
    case Cmp::Ge:
      return s ? sa >= sb : ua >= ub;
    case Cmp::Lo:
      return ua < ub;
    case Cmp::Ls:
      return ua <= ub;
    case Cmp::Hi:
      return ua > ub;
    case Cmp::Hs:
      return ua >= ub;
    default:
      return false;
    }
  }

  static double flush(double x) {
    return std::fpclassify((float)x) == FP_SUBNORMAL ? std::copysign(0.0, x)
                                                     : x;
  }

  static uint64_t convert(const Inst &inst, uint64_t v) {
    Ty to = inst.type, from = inst.source;
    int toBits = bitsOf(to), fromBits = bitsOf(from);
    if (!isFloat(to) && !isFloat(from)) {
      // Integer to integer: the source's value, truncated (or saturated)
      // to the destination, extended by the destination's signedness.
      int64_t s = isSigned(from) ? signExtend(v, fromBits)
                                 : (int64_t)(v & maskOf(fromBits));
      bool sourceHuge = !isSigned(from) && fromBits == 64 && (v & (1ull << 63));
      if (inst.sat) {
        if (isSigned(to)) {
          int64_t lo = toBits >= 64 ? INT64_MIN : -(1ll << (toBits - 1));
          int64_t hi = toBits >= 64 ? INT64_MAX : (1ll << (toBits - 1)) - 1;
          if (sourceHuge)
            s = hi;
          s = std::min(std::max(s, lo), hi);
        } else {
          uint64_t hi = maskOf(toBits);
          if (!sourceHuge && s < 0)
            s = 0;
          else if (!sourceHuge && toBits < 64 && (uint64_t)s > hi)
            s = (int64_t)hi;
          else if (sourceHuge && toBits < 64)
            s = (int64_t)hi;
        }
      }
      uint64_t u = (uint64_t)s & maskOf(toBits);
      return isSigned(to) ? (uint64_t)signExtend(u, toBits) : u;
    }
    int mode = fegetround();
    if (inst.rounding >= 0)
      fesetround(inst.rounding);
    uint64_t result;
    if (isFloat(from) && isFloat(to)) {
      double d = toDouble(v, from);
      if (inst.ftz && from == Ty::F32)
        d = flush(d);
      if (inst.intRound != Inst::RNone)
        d = roundInteger(d, inst.intRound);
      // .sat clamps to [0.0, 1.0], NaN to 0 (libdevice's __nv_expf relies
      // on it: cvt.sat.f32.f32).
      if (inst.sat)
        d = std::isnan(d) ? 0.0 : std::min(std::max(d, 0.0), 1.0);
      if (to == Ty::F32 && from == Ty::F64 && inst.rounding < 0 &&
          inst.intRound == Inst::RNone)
        result = bitsF32((float)d);
      else
        result = fromDouble(d, to);
      if (inst.ftz && to == Ty::F32)
        result = bitsF32((float)flush(asF32(result)));
    } else if (isFloat(from)) {
      double d = toDouble(v, from);
      if (inst.ftz && from == Ty::F32)
        d = flush(d);
      d = roundInteger(d, inst.intRound == Inst::RNone ? Inst::RZI
                                                       : inst.intRound);
      // Float to integer saturates; NaN is 0.
      if (std::isnan(d)) {
        result = 0;
      } else if (isSigned(to)) {
        double lo = -std::ldexp(1.0, toBits - 1);
        double hi = std::ldexp(1.0, toBits - 1);
        int64_t s = d <= lo ? (int64_t)(toBits >= 64 ? INT64_MIN : (int64_t)lo)
                    : d >= hi ? (toBits >= 64 ? INT64_MAX : (int64_t)hi - 1)
                              : (int64_t)d;
        result = (uint64_t)s & maskOf(toBits);
      } else {
        double hi = std::ldexp(1.0, toBits);
        uint64_t u = d <= 0 ? 0 : d >= hi ? maskOf(toBits) : (uint64_t)d;
        result = u;
      }
    } else {
      // Integer to float, rounded once in the chosen mode.
      double d;
      if (isSigned(from)) {
        int64_t s = signExtend(v, fromBits);
        result = to == Ty::F32   ? bitsF32((float)s)
                 : to == Ty::F64 ? bitsF64((double)s)
                                 : fromDouble(d = (double)s, to);
      } else {
        uint64_t u = v & maskOf(fromBits);
        result = to == Ty::F32   ? bitsF32((float)u)
                 : to == Ty::F64 ? bitsF64((double)u)
                                 : fromDouble(d = (double)u, to);
      }
    }
    fesetround(mode);
    return result;
  }

  static double roundInteger(double d, Inst::IntRound r) {
    switch (r) {
    case Inst::RNI:
      return std::nearbyint(d);
    case Inst::RZI:
      return std::trunc(d);
    case Inst::RMI:
      return std::floor(d);
    case Inst::RPI:
      return std::ceil(d);
    default:
      return d;
    }
  }

  /// Float arithmetic on f16/bf16/f32/f64 and the x2 pairs.
  void floatOp(const Inst &inst, size_t t, uint64_t *r) {
    const Operand *o = inst.operand;
    Ty ty = inst.type;
    bool pair = ty == Ty::F16x2 || ty == Ty::BF16x2;
    Ty lane = ty == Ty::F16x2 ? Ty::F16 : ty == Ty::BF16x2 ? Ty::BF16 : ty;
    int lanes = pair ? 2 : 1, laneBits = pair ? 16 : bitsOf(ty);
    uint64_t a = read(o[1], t, r);
    uint64_t b = inst.ops > 2 ? read(o[2], t, r) : 0;
    uint64_t c = inst.ops > 3 ? read(o[3], t, r) : 0;
    int mode = fegetround();
    if (inst.rounding >= 0)
      fesetround(inst.rounding);
    uint64_t result = 0;
    for (int l = 0; l < lanes; ++l) {
      uint64_t m = maskOf(laneBits);
      int shift = l * laneBits;
      uint64_t x = (a >> shift) & m, y = (b >> shift) & m, z = (c >> shift) & m;
      result |= (floatLane(inst, lane, x, y, z) & m) << shift;
    }
    fesetround(mode);
    write(o[0].reg, result, r);
  }

  /// The arithmetic of one float op in type T (float and double round
  /// once, as the device does; f16 and bf16 are computed exactly in double
  /// and rounded once by the caller: the product of two 11- or 8-bit
  /// significands is exact). False for an op that is no arithmetic.
  template <typename T>
  static bool arithmetic(const Inst &inst, T a, T b, T c, T &v) {
    switch (inst.op) {
    case Op::Add:
      v = a + b;
      return true;
    case Op::Sub:
      v = a - b;
      return true;
    case Op::Mul:
      v = a * b;
      return true;
    case Op::Div:
      v = a / b;
      return true;
    case Op::Fma:
    case Op::Mad:
      v = std::fma(a, b, c);
      return true;
    case Op::Sqrt:
      v = std::sqrt(a);
      return true;
    case Op::Rcp:
      v = T(1) / a;
      return true;
    case Op::Ex2:
      v = std::exp2(a);
      return true;
    case Op::Lg2:
      v = (T)std::log2((double)a);
      return true;
    case Op::Rsqrt:
      v = (T)(1.0L / std::sqrt((long double)a));
      return true;
    case Op::Sin:
      v = (T)std::sin((double)a);
      return true;
    case Op::Cos:
      v = (T)std::cos((double)a);
      return true;
    case Op::Tanh:
      v = (T)std::tanh((double)a);
      return true;
    case Op::Copysign:
      v = std::copysign(b, a);
      return true;
    case Op::Abs:
      v = std::fabs(a);
      return true;
    case Op::Neg:
      v = -a;
      return true;
    case Op::Min:
    case Op::Max:
      v = (T)minMax(inst, a, b);
      return true;
    default:
      return false;
    }
  }

  static uint64_t floatLane(const Inst &inst, Ty ty, uint64_t xa, uint64_t xb,
                            uint64_t xc) {
    bool minMaxOp = inst.op == Op::Min || inst.op == Op::Max;
    bool signOnly =
        inst.op == Op::Abs || inst.op == Op::Neg || inst.op == Op::Copysign;
    if (ty == Ty::F32) {
      float a = asF32(xa), b = asF32(xb), c = asF32(xc), v = 0;
      if (inst.ftz) {
        a = (float)flush(a);
        b = (float)flush(b);
        c = (float)flush(c);
      }
      if (!arithmetic(inst, a, b, c, v))
        return 0;
      if (minMaxOp && std::isnan(v))
        return 0x7fffffff; // the canonical NaN
      if (inst.sat && !minMaxOp && !signOnly)
        v = std::isnan(v) ? 0.0f : std::min(std::max(v, 0.0f), 1.0f);
      return bitsF32(inst.ftz ? (float)flush(v) : v);
    }
    if (ty == Ty::F64) {
      double v = 0;
      if (!arithmetic(inst, asF64(xa), asF64(xb), asF64(xc), v))
        return 0;
      return minMaxOp && std::isnan(v) ? 0x7fffffffffffffffull : bitsF64(v);
    }
    // f16 / bf16: only the sign changes for abs and neg (NaNs included).
    if (inst.op == Op::Abs)
      return xa & 0x7fff;
    if (inst.op == Op::Neg)
      return xa ^ 0x8000;
    double v = 0;
    if (!arithmetic(inst, toDouble(xa, ty), toDouble(xb, ty), toDouble(xc, ty),
                    v))
      return 0;
    if (minMaxOp && std::isnan(v))
      return 0x7fff; // the canonical NaN
    if (inst.sat)
      v = std::isnan(v) ? 0.0 : std::min(std::max(v, 0.0), 1.0);
    return fromDouble(v, ty);
  }

  /// PTX min/max: a NaN operand yields the other (both NaN, or .NaN: NaN);
  /// -0 is below +0.
  static double minMax(const Inst &inst, double a, double b) {
    bool isMax = inst.op == Op::Max;
    if (std::isnan(a) || std::isnan(b)) {
      if (inst.nanMode || (std::isnan(a) && std::isnan(b)))
        return NAN;
      return std::isnan(a) ? b : a;
    }
    if (a == b && a == 0)
      return isMax ? (std::signbit(a) ? b : a) : (std::signbit(a) ? a : b);
    return isMax ? std::max(a, b) : std::min(a, b);
  }

  void integerOp(const Inst &inst, size_t t, uint64_t *r, Fault &fault) {
    const Operand *o = inst.operand;
    Ty ty = inst.type;
    int bits = bitsOf(ty);
    uint64_t mask = maskOf(bits);
    bool s = isSigned(ty);
    uint64_t a = read(o[1], t, r);
    uint64_t b = inst.ops > 2 ? read(o[2], t, r) : 0;
    uint64_t c = inst.ops > 3 ? read(o[3], t, r) : 0;
    if (ty == Ty::Pred) {
      bool x = ((a & 1) != 0) != o[1].negate,
           y = inst.ops > 2 && (((b & 1) != 0) != o[2].negate);
      bool v = inst.op == Op::And   ? x && y
               : inst.op == Op::Or  ? x || y
               : inst.op == Op::Xor ? x != y
               : inst.op == Op::Not ? !x
                                    : false;
      if (inst.op != Op::And && inst.op != Op::Or && inst.op != Op::Xor &&
          inst.op != Op::Not) {
        fault = {LaunchResult::IllegalInstruction,
                 "unsupported predicate operation"};
        return;
      }
      write(o[0].reg, v, r);
      return;
    }
    int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
    uint64_t ua = a & mask, ub = b & mask;
    if (inst.carryIn || inst.carryOut) {
      // Extended precision: the sum, difference or multiply-add with the
      // carry (borrow) in, and the carry (borrow) out, in 128 bits.
      using u128 = unsigned __int128;
      u128 in = inst.carryIn ? (r[inst.carryReg] & 1) : 0, full = 0;
      bool out = false;
      if (inst.op == Op::Add) {
        full = (u128)ua + ub + in;
        out = (full >> bits) & 1;
      } else if (inst.op == Op::Sub) {
        full = (u128)ua - ub - in;
        out = (u128)ua < (u128)ub + in;
      } else {
        u128 product = (u128)ua * ub;
        u128 part = inst.hi ? (product >> bits) & mask : product & mask;
        full = part + (c & mask) + in;
        out = (full >> bits) & 1;
      }
      if (inst.carryOut)
        write(inst.carryReg, out, r);
      write(o[0].reg, (uint64_t)full & mask, r);
      return;
    }
    uint64_t v = 0;
    int resultBits = bits;
    switch (inst.op) {
    case Op::Add:
    case Op::Sub: {
      if (inst.sat && s && bits == 32) {
        int64_t w = inst.op == Op::Add ? sa + sb : sa - sb;
        w = std::min<int64_t>(std::max<int64_t>(w, INT32_MIN), INT32_MAX);
        v = (uint64_t)w;
      } else {
        v = inst.op == Op::Add ? ua + ub : ua - ub;
      }
      break;
    }
    case Op::Mul:
    case Op::Mad: {
      if (inst.wide) {
        resultBits = 2 * bits;
        v = s ? (uint64_t)(sa * sb) : ua * ub;
        if (inst.op == Op::Mad)
          v += c;
      } else if (inst.hi) {
        if (bits == 64) {
          v = s ? (uint64_t)(((__int128)sa * sb) >> 64)
                : (uint64_t)(((unsigned __int128)ua * ub) >> 64);
        } else {
          v = s ? (uint64_t)((sa * sb) >> bits) : (ua * ub) >> bits;
        }
        if (inst.op == Op::Mad)
          v += c;
      } else {
        v = ua * ub;
        if (inst.op == Op::Mad)
          v += c;
      }
      break;
    }
    case Op::Div:
      if (ub == 0)
        v = s ? (sa < 0 ? 1 : mask) : mask; // unspecified on the device
      else if (s && sb == -1)
        v = (uint64_t)(0 - (uint64_t)sa);
      else
        v = s ? (uint64_t)(sa / sb) : ua / ub;
      break;
    case Op::Rem:
      if (ub == 0)
        v = ua;
      else if (s && sb == -1)
        v = 0;
      else
        v = s ? (uint64_t)(sa % sb) : ua % ub;
      break;
    case Op::Min:
      v = s ? (uint64_t)std::min(sa, sb) : std::min(ua, ub);
      break;
    case Op::Max:
      v = s ? (uint64_t)std::max(sa, sb) : std::max(ua, ub);
      break;
    case Op::Abs:
      v = sa < 0 ? (uint64_t)0 - (uint64_t)sa : (uint64_t)sa;
      break;
    case Op::Neg:
      v = (uint64_t)0 - ua;
      break;
    case Op::Not:
      v = ~ua;
      break;
    case Op::Cnot:
      v = ua == 0;
      break;
    case Op::And:
      v = ua & ub;
      break;
    case Op::Or:
      v = ua | ub;
      break;
    case Op::Xor:
      v = ua ^ ub;
      break;
    case Op::Shl: {
      uint64_t n = b & 0xffffffff;
      v = n >= (uint64_t)bits ? 0 : ua << n;
      break;
    }
    case Op::Shr: {
      uint64_t n = b & 0xffffffff;
      if (s)
        v = (uint64_t)(n >= (uint64_t)bits ? (sa < 0 ? -1 : 0) : sa >> n);
      else
        v = n >= (uint64_t)bits ? 0 : ua >> n;
      break;
    }
    case Op::Popc:
      v = (uint64_t)__builtin_popcountll(ua);
      resultBits = 32;
      break;
    case Op::Clz:
      v = ua ? (uint64_t)(__builtin_clzll(ua) - (64 - bits)) : (uint64_t)bits;
      resultBits = 32;
      break;
    case Op::Brev:
      for (int i = 0; i < bits; ++i)
        v |= ((ua >> i) & 1) << (bits - 1 - i);
      break;
    case Op::Bfe: {
      uint64_t position = b & 0xff, length = c & 0xff;
      int msb = bits - 1;
      bool sign = false;
      if (s && length) {
        uint64_t top = std::min<uint64_t>(position + length - 1, msb);
        sign = (ua >> top) & 1;
      }
      for (int i = 0; i < bits; ++i) {
        bool bit = (uint64_t)i < length && position + i <= (uint64_t)msb
                       ? (ua >> (position + i)) & 1
                       : sign;
        v |= (uint64_t)bit << i;
      }
      break;
    }
    case Op::Bfi: {
      uint64_t position = c & 0xff, length = read(o[4], t, r) & 0xff;
      v = ub;
      for (uint64_t i = 0; i < length && position + i < (uint64_t)bits; ++i) {
        v &= ~(1ull << (position + i));
        v |= ((ua >> i) & 1) << (position + i);
      }
      break;
    }
    case Op::Prmt: {
      uint64_t bytes = (ub << 32) | (ua & 0xffffffff);
      for (int i = 0; i < 4; ++i) {
        uint64_t selector = (c >> (4 * i)) & 0xf;
        uint64_t byte = (bytes >> (8 * (selector & 7))) & 0xff;
        if (selector & 8)
          byte = (byte & 0x80) ? 0xff : 0;
        v |= byte << (8 * i);
      }
      break;
    }
    case Op::Shf: {
      uint64_t n = c & 0xffffffff;
      n = inst.clamp ? std::min<uint64_t>(n, 32) : n & 31;
      uint64_t both = (ub << 32) | (ua & 0xffffffff);
      v = inst.left ? (both << n) >> 32 : both >> n;
      break;
    }
    default:
      fault = {LaunchResult::IllegalInstruction,
               "instruction not executable on integers"};
      return;
    }
    write(o[0].reg, v & maskOf(resultBits), r);
  }
};
} // namespace

LaunchResult launch(const Module &module, const Kernel &kernel,
                    const unsigned grid[3], const unsigned block[3],
                    size_t dynamicShared, const std::vector<uint8_t> &params,
                    const MemoryMap &memory, LaunchStats &stats) {
  Executor executor(module, kernel, grid, block, dynamicShared, params, memory,
                    stats);
  return executor.run();
}

} // namespace emu
