/**
 * Hostile strings for the XSS suite: at least 100, each at most 120 characters (the shortest text
 * field, a person's name), single-line, none with leading, trailing or doubled spaces (so that
 * "shown exactly as typed" can be checked on the page). Every payload that ran would call alert()
 * (a dialog) or __xss() (a counter the test installs): either is a failure.
 */
const CALLS = ["alert(1)", "__xss()", "confirm(1)", "prompt(1)", "top.__xss()"];

const TEMPLATES: ((js: string) => string)[] = [
  (js) => `<script>${js}</script>`,
  (js) => `<img src=x onerror=${js}>`,
  (js) => `<img src="x" onerror="${js}">`,
  (js) => `<svg onload=${js}>`,
  (js) => `<svg><script>${js}</script></svg>`,
  (js) => `<body onload=${js}>`,
  (js) => `<iframe src="javascript:${js}"></iframe>`,
  (js) => `<a href="javascript:${js}">click</a>`,
  (js) => `<details open ontoggle=${js}>`,
  (js) => `<input autofocus onfocus=${js}>`,
  (js) => `"><script>${js}</script>`,
  (js) => `'><img src=x onerror=${js}>`,
  (js) => `</textarea><script>${js}</script>`,
  (js) => `</title><script>${js}</script>`,
  (js) => `<video><source onerror="${js}">`,
  (js) => `<object data="javascript:${js}">`,
  (js) => `<embed src="javascript:${js}">`,
  (js) => `<math><mtext><script>${js}</script></mtext></math>`,
  (js) => `<div style="background:url(javascript:${js})">x</div>`,
  (js) => `<marquee onstart=${js}>x</marquee>`,
  (js) => `javascript:${js}`,
  (js) => `${"{{"}constructor.constructor('${js}')()${"}}"}`,
  (js) => `<scr<script>ipt>${js}</scr</script>ipt>`,
  (js) => `<IMG SRC=JaVaScRiPt:${js}>`,
  (js) => `<img src=x onerror=&#97;lert(1)>${js === "alert(1)" ? "" : js}`,
];

const EXTRA = [
  `<script src=data:text/javascript,alert(1)></script>`,
  `<img src=x:x onerror=eval(atob('YWxlcnQoMSk='))>`,
  `<svg/onload=alert(1)//`,
  `<form><button formaction=javascript:alert(1)>x</button></form>`,
  `<base href="javascript:alert(1)//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel=import href=data:text/html,<script>alert(1)</script>>`,
  `\u003cscript\u003ealert(1)\u003c/script\u003e`,
  `%3Cscript%3Ealert(1)%3C/script%3E`,
  `&lt;script&gt;alert(1)&lt;/script&gt;`,
  `<x onclick=alert(1) style=display:block;position:fixed;inset:0>x</x>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<template><img src=x onerror=alert(1)></template>`,
  `${"${"}alert(1)}`,
  `'-alert(1)-'`,
  `";alert(1);//`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<![CDATA[<script>alert(1)</script>]]>`,
];

export const XSS_PAYLOADS: string[] = [...new Set([...TEMPLATES.flatMap((t) => CALLS.map((c) => t(c))), ...EXTRA])].filter(
  (p) => p.length <= 120 && p === p.trim() && !/\s{2}/.test(p),
);
