import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { isSafeRichTextHref, sanitizeRichText } from './sanitize';

type Node = DefaultTreeAdapterMap['childNode'];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  a: ['href', 'target', 'rel'],
};
const ALLOWED_TAGS = new Set([
  'strong',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'br',
  ...Object.keys(ALLOWED_ATTRIBUTES),
]);

/**
 * Problems a browser would find in the output, read with parse5 (the HTML standard's parsing
 * algorithm, as browsers run it) rather than with the sanitizer's own parser.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      if (!ALLOWED_TAGS.has(node.tagName) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml')
        found.push(`element ${node.tagName}`);
      for (const { name, value } of node.attrs) {
        if (!(ALLOWED_ATTRIBUTES[node.tagName] ?? []).includes(name)) found.push(`attribute ${name}`);
        if (name === 'href' && !isSafeRichTextHref(value)) found.push(`href ${value}`);
        if (name === 'style' && !/^text-align: (left|center|right|justify);$/.test(value))
          found.push(`style ${value}`);
        if (name === 'target' && node.attrs.find((a) => a.name === 'rel')?.value !== 'noopener noreferrer')
          found.push('target without rel');
      }
      visit(node.childNodes);
    }
  };
  visit(parseFragment(html).childNodes);
  return found;
}

const HOSTILE: readonly [string, string][] = [
  ['script element', '<script>alert(1)</script><p>ok</p>'],
  ['script, mixed case', '<ScRiPt>alert(1)</sCrIpT>'],
  ['unclosed script', '<p>a</p><script>alert(1)'],
  ['script split by a tag', '<scr<script>ipt>alert(1)</script>'],
  ['event handler', '<p onclick="alert(1)">x</p>'],
  ['event handler, mixed case, unquoted', '<p OnMouseOver=alert(1)>x</p>'],
  ['handler on an image', '<img src=x onerror=alert(1)>'],
  ['javascript: URL', '<a href="javascript:alert(1)">x</a>'],
  ['javascript: URL, mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['javascript: URL with a tab', '<a href="java\tscript:alert(1)">x</a>'],
  [
    'javascript: URL, entity-encoded',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  ],
  [
    'javascript: URL, hex entities without semicolons',
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  ],
  ['javascript: URL, named entities', '<a href="javascript&colon;alert(1)">x</a>'],
  ['javascript: URL, &Tab;', '<a href="java&Tab;script:alert(1)">x</a>'],
  ['javascript: URL, leading spaces and control characters', '<a href=" \u0001javascript:alert(1)">x</a>'],
  ['data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['vbscript: URL', '<a href="vbscript:msgbox(1)">x</a>'],
  ['protocol-relative URL', '<a href="//evil.example">x</a>'],
  ['SVG with script', '<svg><script>alert(1)</script></svg>'],
  ['SVG onload', '<svg onload=alert(1)>'],
  ['SVG self-closing then text', '<svg/onload=alert(1)><p>after</p>'],
  ['MathML link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
  ['style element', '<style>body{background:url(javascript:alert(1))}</style>'],
  ['style expression', '<p style="width: expression(alert(1))">x</p>'],
  ['style url()', '<p style="background: url(javascript:alert(1))">x</p>'],
  ['text-align smuggling more', '<p style="text-align: center; background: url(x)">x</p>'],
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['form with action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['unclosed tag with handler', '<p onclick="alert(1)"'],
  ['nested quotes', `<a href="/x" title='"><script>alert(1)</script>'>x</a>`],
  ['quote breaking an attribute', '<a href="/x"" onclick="alert(1)">x</a>'],
  ['backtick attribute', '<a href=`javascript:alert(1)`>x</a>'],
  ['attribute without space', '<a href="/x"onclick="alert(1)">x</a>'],
  ['comment hiding a script', '<!--><script>alert(1)</script>-->'],
  ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['template element', '<template><script>alert(1)</script></template>'],
  ['noscript parsing trick', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['target without rel', '<a href="https://example.com" target="_blank">x</a>'],
  ['rel from the input', '<a href="https://example.com" target="_blank" rel="opener">x</a>'],
  ['other target', '<a href="https://example.com" target="_parent">x</a>'],
  ['class and id', '<p class="x" id="y">x</p>'],
  ['srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['null byte in a tag name', '<scr\u0000ipt>alert(1)</script>'],
  ['encoded brackets', '&lt;script&gt;alert(1)&lt;/script&gt;'],
];

describe('sanitizeRichText on hostile input', () => {
  it.each(HOSTILE)('%s', (_, input) => {
    const output = sanitizeRichText(input);
    expect(problems(output)).toEqual([]);
    // Hostile text may stay as text (escaped); inside tags, nothing of it may remain.
    expect(output.toLowerCase()).not.toMatch(
      /<(script|svg|math|iframe)|<[^>]*\son\w+=|href="(javascript|vbscript|data):/,
    );
  });
});

describe('sanitizeRichText keeps what the toolbar makes', () => {
  it.each([
    '<p>Plain <strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>',
    '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4>',
    '<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol>',
    '<blockquote><p>quoted</p></blockquote>',
    '<p style="text-align: center;">centred</p>',
    '<p>line<br>break</p>',
    '<p><a href="page:b123">a page</a> <a href="mailto:a@example.com?subject=Hi%20there&amp;body=x">mail</a></p>',
    '<p><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">web</a></p>',
    '<p><a href="tel:+441234">call</a> <a href="/files/f1/menu.pdf">file</a></p>',
    '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>',
  ])('%s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('normalises alignment and adds rel to links that open a new window', () => {
    expect(sanitizeRichText('<h2 style="TEXT-ALIGN:Right;">x</h2>')).toBe(
      '<h2 style="text-align: right;">x</h2>',
    );
    expect(sanitizeRichText('<a href="/a" target="_blank">x</a>')).toBe(
      '<a href="/a" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

// Fragments that make up hostile markup, so generated inputs combine them in ways a table misses.
const fragment = fc.oneof(
  fc.constantFrom(
    '<',
    '>',
    '/',
    '"',
    "'",
    '`',
    '=',
    ' ',
    '\t',
    '\n',
    '&',
    ';',
    '#',
    ':',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    'script',
    'svg',
    'math',
    'style',
    'iframe',
    'a',
    'p',
    'img',
    'h1',
    'br',
    'template',
    'noscript',
    'textarea',
    'href',
    'src',
    'onclick',
    'onerror',
    'onload',
    'target',
    'rel',
    'style',
    'xlink:href',
    'formaction',
    'javascript:',
    'JaVaScRiPt:',
    'vbscript:',
    'data:',
    'java\tscript:',
    '&#106;',
    '&#x6A',
    '&colon;',
    '&Tab;',
    '&amp;',
    '&quot;',
    'alert(1)',
    'expression(',
    'url(',
    'text-align: center',
    '_blank',
    'page:x',
    'https://a.b',
  ),
  fc.string({ maxLength: 4 }),
);
const hostileHtml = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

describe('sanitizeRichText properties', () => {
  it('lets no element, attribute, handler or URL through that the toolbar does not make', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        expect(problems(sanitizeRichText(html))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const once = sanitizeRichText(html);
        expect(sanitizeRichText(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});
