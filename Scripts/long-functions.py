#!/usr/bin/env python3
"""Lists the Swift functions and initializers longer than a limit, and fails (exit 1) if one of
them has no reason for its length in a comment just above it ("// Long because ...").

    Scripts/long-functions.py [LIMIT [FOLDER ...]]     default: 80 lines, Sources

A long function is one whose parts are steps that deserve names (STYLE.md); where one cannot be
split without hiding what it does (a lexer's loop, a cache coder's field list), say so above it.
Comments and string literals (raw and multi-line ones included) are blanked out before braces
are matched, so a brace inside them does not count."""
import re, sys, pathlib

DECL = re.compile(r'\b(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])')

def strip(text):
    """Blanks out comments and string contents, keeping newlines and braces of code."""
    out = []; i = 0; n = len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            depth = 1; j = i + 2
            while j < n and depth:
                if text.startswith('/*', j): depth += 1; j += 2
                elif text.startswith('*/', j): depth -= 1; j += 2
                else: j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif c == '"' or (c == '#' and re.match(r'#+"', text[i:])):
            hashes = re.match(r'#*', text[i:]).group(0)
            k = i + len(hashes)
            multi = text.startswith('"""', k)
            quote = '"""' if multi else '"'
            end = quote + hashes
            j = k + len(quote)
            while j < n:
                if text[j] == '\\' and not hashes: j += 2; continue
                if text.startswith(end, j): j += len(end); break
                if not multi and text[j] == '\n': break
                j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        else:
            out.append(c); i += 1
    return ''.join(out)

def body_start(code, start):
    """The index of the body's opening brace: the first '{' outside the parameter list's
    parentheses and brackets (a default argument may be a closure)."""
    depth = 0
    for index in range(start, len(code)):
        c = code[index]
        if c in '([': depth += 1
        elif c in ')]': depth -= 1
        elif c == '{' and depth <= 0: return index
    return -1

def functions(path):
    raw = path.read_text()
    code = strip(raw)
    lines = raw.split('\n')
    for m in DECL.finditer(code):
        open_at = body_start(code, m.end())
        if open_at < 0: continue
        # a declaration without body (protocol requirement) hits another decl or newline-only
        between = code[m.end():open_at]
        if re.search(r'\b(func|var|let|case|init)\b', between): continue
        depth = 0; j = open_at
        while j < len(code):
            if code[j] == '{': depth += 1
            elif code[j] == '}':
                depth -= 1
                if depth == 0: break
            j += 1
        start = code.count('\n', 0, m.start()) + 1
        end = code.count('\n', 0, j) + 1
        yield start, end, m.group(1).strip(), lines

def has_reason(lines, start):
    i = start - 2
    while i >= 0 and (lines[i].strip().startswith(('//', '@')) or lines[i].strip() == ''):
        if 'Long because' in lines[i]: return True
        if lines[i].strip() == '': break
        i -= 1
    return False

limit = int(sys.argv[1]) if len(sys.argv) > 1 else 80
roots = sys.argv[2:] or ['Sources']
found = 0
for root in roots:
    for path in sorted(pathlib.Path(root).rglob('*.swift')):
        for start, end, name, lines in functions(path):
            length = end - start + 1
            if length > limit:
                reason = has_reason(lines, start)
                print(f"{path}:{start}: {length} lines: {name}{' (reason given)' if reason else ''}")
                found += 0 if reason else 1
sys.exit(1 if found else 0)
