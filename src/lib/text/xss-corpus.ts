/**
 * XSS payloads members could type into posts, comments and replies. The unit tests run
 * every one through richText and the renderer, and the browser test (tests/e2e/xss.spec.ts)
 * posts them and renders the feed and the post page in Chromium. Each payload that would
 * run script calls `__xss()` (a canary the browser test defines), so any execution is seen.
 */

const ID = '0123456789abcdef01234567';

export const XSS_CORPUS: readonly string[] = [
  // Tags that run script
  '<script>__xss(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<script>/*</script><script>*/__xss(2)</script>',
  '"><script>__xss(3)</script>',
  "'><script>__xss(4)</script>",
  '</textarea><script>__xss(5)</script>',
  '</title><script>__xss(6)</script>',
  '</style><script>__xss(7)</script>',
  '<!--<script>-->__xss(8)<!--</script>-->',
  '<![CDATA[<script>__xss(9)</script>]]>',
  // Event handlers
  '<img src=x onerror=__xss(10)>',
  '<img src="x" onerror="__xss(11)">',
  '<svg onload=__xss(12)>',
  '<svg><script>__xss(13)</script></svg>',
  '<body onload=__xss(14)>',
  '<iframe srcdoc="<script>parent.__xss(15)</script>"></iframe>',
  '<details open ontoggle=__xss(16)>',
  '<video><source onerror=__xss(17)></video>',
  '<input autofocus onfocus=__xss(18)>',
  '<marquee onstart=__xss(19)>x</marquee>',
  '<div style="width:100px;height:100px" onmouseover="__xss(20)">hover</div>',
  '" onmouseover="__xss(21)" x="',
  "' autofocus onfocus='__xss(22)' x='",
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(23)>',
  '<a href="#" onclick="__xss(24)">click</a>',
  // javascript:, data: and friends in links
  'javascript:__xss(25)',
  'JaVaScRiPt:__xss(26)',
  ' javascript:__xss(27)',
  'java\tscript:__xss(28)',
  'jav&#x61;script:__xss(29)',
  '<a href="javascript:__xss(30)">link</a>',
  '[click](javascript:__xss(31))',
  'data:text/html;base64,PHNjcmlwdD5fX3hzcygzMik8L3NjcmlwdD4=',
  '<a href="data:text/html,<script>__xss(33)</script>">x</a>',
  'vbscript:msgbox(34)',
  '<object data="javascript:__xss(35)"></object>',
  '<embed src="javascript:__xss(36)">',
  '<form action="javascript:__xss(37)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(38)">',
  'https://example.com/"onmouseover="__xss(39)',
  "https://example.com/'><script>__xss(40)</script>",
  'http://x.example/?q=<script>__xss(41)</script>',
  'www.example.com/#"><img src=x onerror=__xss(42)>',
  'mailto:a@b.example?subject="><script>__xss(43)</script>',
  // Markdown-like mentions and tags that try to smuggle an address
  '@[x](javascript:__xss(44))',
  `@[<img src=x onerror=__xss(45)>](${ID})`,
  `@["><script>__xss(46)</script>](${ID})`,
  '@[x](data:text/html,<script>__xss(47)</script>)',
  `@[x](${ID}" onmouseover="__xss(48))`,
  '#"><script>__xss(49)</script>',
  '#<img src=x onerror=__xss(50)>',
  // YouTube look-alikes
  'https://www.youtube.com/watch?v="><script>__xss(51)</script>',
  'https://youtu.be/x"onerror="__xss(52)',
  'https://www.youtube.com/embed/javascript:__xss(53)',
  // Entities, encodings and odd characters
  '&lt;script&gt;__xss(54)&lt;/script&gt;',
  '&#60;script&#62;__xss(55)&#60;/script&#62;',
  '%3Cscript%3E__xss(56)%3C/script%3E',
  '\u202Egnp.exe\u202D https://evil.example/\u202Efdp.exe',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is template-literal syntax as plain text, which must stay inert
  '`${__xss(58)}`',
  '{{constructor.constructor("__xss(59)")()}}',
  '<style>body{background:url("javascript:__xss(60)")}</style>',
  '<div style="background-image: expression(__xss(61))">css</div>',
  '<base href="javascript:__xss(62)//">',
  '<link rel="import" href="data:text/html,<script>__xss(63)</script>">',
  '\u200B<script>__xss(64)</script>',
  '<scr<script>ipt>__xss(65)</scr</script>ipt>',
  '<youtube-preview video-id="x&quot; onclick=__xss(66)"></youtube-preview>',
  '<template><script>__xss(67)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(68)>">',
  '"\'`><\u2028\u2029</script><script>__xss(69)</script>',
];
