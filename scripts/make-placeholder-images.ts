// Draws the placeholder photos in data/images/ until the owner has real ones.
// They are flat illustrations on purpose, with a small "Platzhalter" tag, so nobody takes
// them for photos of the business. Run: npx tsx scripts/make-placeholder-images.ts
import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT_DIR = fileURLToPath(new URL('../data/images/', import.meta.url));
const WIDTH = 1600;
const HEIGHT = 1200;
const QUALITY = 82;

const c = {
  navy: '#0b3a66',
  navyDark: '#082a4a',
  navyDeep: '#061f38',
  navyLight: '#1d5a94',
  amber: '#f2a900',
  amberLight: '#f7c64d',
  amberDark: '#b77f00',
  paper: '#f6f4ef',
  paperShade: '#e7e2d7',
  slate100: '#e2e8f0',
  slate300: '#cbd5e1',
  slate400: '#94a3b8',
  slate500: '#64748b',
  slate700: '#334155',
  slate800: '#1e293b',
  glass: '#d6e4f0',
  glassDeep: '#9fbcd6',
  sage: '#6f8f7a',
  sageDark: '#4f6d5b',
};

type Stop = [offset: string, colour: string];

const stopsOf = (stops: Stop[]) => stops.map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`).join('');

const DIRECTIONS = { diagonal: 'x1="0" y1="0" x2="1" y2="1"', down: 'x1="0" y1="0" x2="0" y2="1"', across: 'x1="0" y1="0" x2="1" y2="0"' };

/** A linear gradient of `defs`, by the way its colours run. */
function linear(id: string, direction: keyof typeof DIRECTIONS, ...stops: Stop[]): string {
  return `  <linearGradient id="${id}" ${DIRECTIONS[direction]}>\n    ${stopsOf(stops)}\n  </linearGradient>`;
}

/** A radial gradient of `defs`; `geometry`: its cx, cy and r. */
function radial(id: string, geometry: string, ...stops: Stop[]): string {
  return `  <radialGradient id="${id}" ${geometry}>\n    ${stopsOf(stops)}\n  </radialGradient>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
${linear('brass', 'diagonal', ['0', c.amberLight], ['0.55', c.amber], ['1', c.amberDark])}
${linear('steel', 'diagonal', ['0', c.slate100], ['1', c.slate400])}
${linear('glass', 'diagonal', ['0', c.glass], ['1', c.glassDeep])}
  ${defs}
</defs>
${body}
${placeholderTag()}
</svg>`;
}

function placeholderTag(): string {
  const w = 212;
  const h = 50;
  const x = WIDTH - 36 - w;
  const y = HEIGHT - 36 - h;
  return `<g opacity="0.9">
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="25" fill="${c.navyDeep}" fill-opacity="0.7"/>
  <text x="${x + w / 2}" y="${y + 33}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="24" letter-spacing="1" fill="${c.paper}">Platzhalter</text>
</g>`;
}

/** A key lying horizontally, bow centred on (0, 0), blade pointing right. */
function key(fill: string, hole: string): string {
  return `<g>
  <path d="M 40 -16 L 330 -16 Q 345 -16 345 0 L 345 4 L 330 16 L 318 16 L 318 38 L 296 38 L 288 26 L 270 26 L 262 44 L 242 44 L 234 26 L 216 26 L 210 16 L 40 16 Z" fill="${fill}"/>
  <circle r="72" fill="${fill}"/>
  <circle r="26" fill="${hole}"/>
  <rect x="60" y="-4" width="250" height="6" rx="3" fill="${hole}" opacity="0.35"/>
</g>`;
}

function frontDoor(): string {
  const defs = `
${linear('wall', 'down', ['0', c.paper], ['1', c.paperShade])}
${linear('door', 'across', ['0', c.navyDark], ['1', c.navyLight])}
  <radialGradient id="lampGlow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${c.amberLight}" stop-opacity="0.55"/><stop offset="1" stop-color="${c.amberLight}" stop-opacity="0"/>
  </radialGradient>`;
  const panel = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.navyDeep}" fill-opacity="0.35"/>
     <rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" rx="6" fill="${c.navy}" fill-opacity="0.55"/>`;
  const body = `
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
${Array.from({ length: 11 }, (_, i) => `<rect x="0" y="${80 + i * 90}" width="${WIDTH}" height="3" fill="${c.paperShade}"/>`).join('')}
<rect x="0" y="1030" width="${WIDTH}" height="170" fill="${c.slate300}"/>
<rect x="0" y="1030" width="${WIDTH}" height="10" fill="${c.slate400}"/>

<g>
  <rect x="150" y="300" width="290" height="420" rx="6" fill="${c.slate500}"/>
  <rect x="166" y="316" width="258" height="388" rx="4" fill="url(#glass)"/>
  <rect x="288" y="316" width="14" height="388" fill="${c.slate500}"/>
  <rect x="166" y="500" width="258" height="14" fill="${c.slate500}"/>
  <path d="M 180 330 L 250 330 L 180 440 Z" fill="#ffffff" opacity="0.35"/>
  <rect x="130" y="720" width="330" height="22" rx="4" fill="${c.slate400}"/>
</g>

<circle cx="520" cy="420" r="150" fill="url(#lampGlow)"/>
<rect x="498" y="380" width="44" height="78" rx="10" fill="${c.slate700}"/>
<rect x="506" y="392" width="28" height="50" rx="6" fill="${c.amberLight}"/>

<rect x="580" y="150" width="440" height="890" rx="8" fill="${c.slate400}"/>
<rect x="596" y="166" width="408" height="874" rx="4" fill="${c.slate300}"/>
<rect x="616" y="186" width="368" height="844" rx="4" fill="url(#door)"/>
${panel(650, 226, 300, 150)}
${panel(650, 410, 300, 250)}
${panel(650, 694, 300, 290)}
<rect x="680" y="254" width="240" height="94" rx="6" fill="url(#glass)" opacity="0.9"/>
<path d="M 700 262 L 760 262 L 700 330 Z" fill="#ffffff" opacity="0.35"/>

<rect x="900" y="560" width="36" height="210" rx="18" fill="url(#brass)"/>
<rect x="828" y="600" width="100" height="26" rx="13" fill="url(#brass)"/>
<circle cx="918" cy="613" r="20" fill="${c.amberDark}"/>
<circle cx="918" cy="613" r="12" fill="url(#brass)"/>
<circle cx="918" cy="712" r="13" fill="${c.navyDeep}"/>
<rect x="913" y="712" width="10" height="30" rx="5" fill="${c.navyDeep}"/>

<rect x="560" y="1030" width="480" height="40" rx="4" fill="${c.slate500}"/>
<rect x="530" y="1070" width="540" height="44" rx="4" fill="${c.slate400}"/>
<rect x="665" y="1012" width="270" height="18" rx="6" fill="${c.slate700}"/>

<g>
  <path d="M 1150 900 L 1290 900 L 1270 1034 L 1170 1034 Z" fill="${c.slate500}"/>
  <rect x="1140" y="886" width="160" height="24" rx="6" fill="${c.slate400}"/>
  <ellipse cx="1220" cy="760" rx="46" ry="130" fill="${c.sageDark}" transform="rotate(-14 1220 760)"/>
  <ellipse cx="1180" cy="800" rx="38" ry="105" fill="${c.sage}" transform="rotate(-38 1180 800)"/>
  <ellipse cx="1265" cy="800" rx="38" ry="110" fill="${c.sage}" transform="rotate(30 1265 800)"/>
  <ellipse cx="1230" cy="820" rx="30" ry="85" fill="${c.sageDark}" transform="rotate(8 1230 820)"/>
</g>

<rect x="1110" y="360" width="90" height="70" rx="10" fill="${c.navy}"/>
<rect x="1124" y="374" width="62" height="42" rx="6" fill="${c.paper}" fill-opacity="0.9"/>
<circle cx="1155" cy="395" r="10" fill="${c.amber}"/>`;
  return svg(defs, body);
}

function lockCylinder(): string {
  const defs = `
${radial('bg', 'cx="0.42" cy="0.45" r="0.75"', ['0', c.navyLight], ['0.55', c.navy], ['1', c.navyDeep])}
${radial('core', 'cx="0.4" cy="0.35" r="0.7"', ['0', c.amberLight], ['1', c.amber])}`;
  const profile = (cx: number, cy: number, r: number, tabHalf: number, tabLength: number) =>
    `M ${cx - tabHalf} ${cy + Math.sqrt(r * r - tabHalf * tabHalf)}
     A ${r} ${r} 0 1 1 ${cx + tabHalf} ${cy + Math.sqrt(r * r - tabHalf * tabHalf)}
     L ${cx + tabHalf} ${cy + tabLength}
     A ${tabHalf} ${tabHalf} 0 0 1 ${cx - tabHalf} ${cy + tabLength} Z`;
  const body = `
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<circle cx="1320" cy="210" r="260" fill="${c.navyLight}" opacity="0.25"/>
<circle cx="180" cy="1040" r="300" fill="${c.navyDeep}" opacity="0.35"/>

<ellipse cx="650" cy="1085" rx="250" ry="26" fill="${c.navyDeep}" opacity="0.5"/>
<rect x="470" y="170" width="360" height="890" rx="180" fill="${c.navyDeep}" opacity="0.35" transform="translate(16 18)"/>
<rect x="470" y="170" width="360" height="890" rx="180" fill="url(#steel)"/>
<rect x="492" y="192" width="316" height="846" rx="158" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="4"/>
<circle cx="650" cy="250" r="14" fill="${c.slate500}"/>
<circle cx="650" cy="980" r="14" fill="${c.slate500}"/>

<path d="${profile(650, 500, 160, 92, 360)}" fill="${c.amberDark}" transform="translate(6 8)"/>
<path d="${profile(650, 500, 160, 92, 360)}" fill="url(#brass)"/>
<circle cx="650" cy="500" r="116" fill="url(#core)"/>
<circle cx="650" cy="500" r="116" fill="none" stroke="${c.amberDark}" stroke-width="6"/>
<path d="M 638 396 Q 638 388 646 388 L 654 388 Q 662 388 662 396 L 662 440 L 656 450 L 656 600 L 650 612 L 644 600 L 644 486 L 638 476 Z" fill="${c.navyDeep}"/>
${[640, 700, 760, 820].map((y) => `<circle cx="650" cy="${y}" r="11" fill="${c.amberDark}" opacity="0.55"/>`).join('')}
<path d="M 560 420 A 120 120 0 0 1 640 382" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="10" stroke-linecap="round"/>

<g transform="translate(1020 690) rotate(-32)">
  <g transform="translate(8 10)" opacity="0.35">${key(c.navyDeep, c.navyDeep)}</g>
  ${key('url(#steel)', c.navy)}
</g>
<g transform="translate(1150 960) rotate(-8)">
  <g transform="translate(8 10)" opacity="0.35">${key(c.navyDeep, c.navyDeep)}</g>
  ${key('url(#brass)', c.navy)}
</g>

<circle cx="1300" cy="380" r="8" fill="${c.amber}" opacity="0.8"/>
<circle cx="1370" cy="450" r="5" fill="${c.paper}" opacity="0.6"/>
<circle cx="360" cy="300" r="6" fill="${c.paper}" opacity="0.5"/>`;
  return svg(defs, body);
}

function carDoor(): string {
  const defs = `
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#dbe5ef"/><stop offset="0.6" stop-color="${c.paper}"/><stop offset="1" stop-color="#f8e2b0"/>
  </linearGradient>
${linear('body', 'down', ['0', c.navyLight], ['0.5', c.navy], ['1', c.navyDark])}
  <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${c.amberLight}" stop-opacity="0.9"/><stop offset="1" stop-color="${c.amberLight}" stop-opacity="0"/>
  </radialGradient>`;
  const wheel = (cx: number) => `
  <circle cx="${cx}" cy="905" r="124" fill="${c.navyDeep}"/>
  <circle cx="${cx}" cy="905" r="98" fill="${c.slate800}"/>
  <circle cx="${cx}" cy="905" r="60" fill="url(#steel)"/>
  ${[0, 72, 144, 216, 288].map((a) => `<circle cx="${cx + 34 * Math.cos((a * Math.PI) / 180)}" cy="${905 + 34 * Math.sin((a * Math.PI) / 180)}" r="9" fill="${c.slate500}"/>`).join('')}
  <circle cx="${cx}" cy="905" r="14" fill="${c.slate700}"/>`;
  const body = `
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="1260" cy="760" r="340" fill="url(#sun)"/>
<g fill="${c.slate300}">
  <rect x="40" y="520" width="120" height="320"/><rect x="180" y="440" width="90" height="400"/>
  <rect x="290" y="580" width="140" height="260"/><rect x="1380" y="500" width="110" height="340"/>
  <rect x="1500" y="600" width="100" height="240"/><rect x="860" y="610" width="130" height="230"/>
</g>
<g fill="${c.slate100}">
  <rect x="460" y="640" width="120" height="200"/><rect x="1010" y="560" width="100" height="280"/>
  <rect x="1210" y="650" width="130" height="190"/>
</g>
<rect x="0" y="840" width="${WIDTH}" height="60" fill="${c.slate400}"/>
<rect x="0" y="900" width="${WIDTH}" height="300" fill="${c.slate700}"/>
<rect x="0" y="890" width="${WIDTH}" height="12" fill="${c.slate300}"/>
${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${i * 260 - 40}" y="1112" width="150" height="16" rx="8" fill="${c.paper}" opacity="0.75"/>`).join('')}

<ellipse cx="800" cy="1030" rx="600" ry="34" fill="${c.navyDeep}" opacity="0.35"/>
<path d="M 230 960 L 228 790 Q 230 720 300 708 L 470 690 L 590 560 Q 610 536 650 534 L 1000 534 Q 1050 536 1085 566 L 1220 690 L 1350 712 Q 1400 722 1404 780 L 1408 935 Q 1408 965 1378 965 L 260 965 Q 230 965 230 960 Z" fill="url(#body)"/>
<path d="M 520 696 L 614 584 Q 626 568 650 568 L 808 568 L 808 696 Z" fill="url(#glass)"/>
<path d="M 834 568 L 990 568 Q 1030 568 1056 594 L 1158 696 L 834 696 Z" fill="url(#glass)"/>
<path d="M 880 568 L 950 568 L 870 696 L 834 696 L 834 640 Z" fill="#ffffff" opacity="0.4"/>
<path d="M 650 568 L 700 568 L 620 696 L 560 696 Z" fill="#ffffff" opacity="0.3"/>
<rect x="808" y="560" width="26" height="140" fill="${c.navyDark}"/>
<path d="M 821 700 L 821 940 M 1150 700 L 1136 850 M 560 700 L 560 800 M 228 780 L 1400 790" stroke="${c.navyDeep}" stroke-width="5" fill="none" stroke-opacity="0.55"/>
<path d="M 1124 692 L 1134 652 Q 1138 638 1154 638 L 1188 638 Q 1204 638 1200 654 L 1192 678 Q 1188 692 1172 692 Z" fill="${c.navyDark}"/>

<circle cx="925" cy="748" r="66" fill="none" stroke="${c.amber}" stroke-width="8" opacity="0.9"/>
<circle cx="925" cy="748" r="86" fill="none" stroke="${c.amber}" stroke-width="3" opacity="0.45"/>
<rect x="880" y="736" width="90" height="24" rx="12" fill="url(#steel)"/>
<circle cx="958" cy="748" r="6" fill="${c.slate700}"/>

<path d="M 1360 740 L 1400 748 L 1404 790 L 1366 784 Q 1350 770 1360 740 Z" fill="${c.amberLight}"/>
<rect x="232" y="740" width="30" height="46" rx="8" fill="${c.amberDark}"/>
${wheel(450)}
${wheel(1250)}`;
  return svg(defs, body);
}

function safe(): string {
  const defs = `
${radial('bg', 'cx="0.5" cy="0.4" r="0.7"', ['0', c.navyLight], ['0.6', c.navy], ['1', c.navyDeep])}
${linear('floor', 'down', ['0', c.slate700], ['1', c.slate800])}
${linear('front', 'diagonal', ['0', c.slate300], ['1', c.slate500])}
${linear('door', 'diagonal', ['0', c.slate100], ['1', c.slate400])}`;
  const ticks = Array.from({ length: 40 }, (_, i) => {
    const a = (i * 9 * Math.PI) / 180;
    const inner = i % 5 === 0 ? 76 : 84;
    return `<line x1="${800 + inner * Math.sin(a)}" y1="${540 - inner * Math.cos(a)}" x2="${800 + 94 * Math.sin(a)}" y2="${540 - 94 * Math.cos(a)}" stroke="${c.paper}" stroke-width="${i % 5 === 0 ? 5 : 3}" stroke-linecap="round"/>`;
  }).join('');
  const spoke = (deg: number) =>
    `<g transform="rotate(${deg} 800 790)"><rect x="792" y="690" width="16" height="100" rx="8" fill="url(#brass)"/><circle cx="800" cy="690" r="20" fill="url(#brass)"/></g>`;
  const body = `
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<rect x="0" y="1000" width="${WIDTH}" height="200" fill="url(#floor)"/>
<rect x="0" y="996" width="${WIDTH}" height="8" fill="${c.slate500}"/>
<ellipse cx="830" cy="1040" rx="420" ry="34" fill="#000000" opacity="0.3"/>

<path d="M 470 250 L 530 200 L 1190 200 L 1130 250 Z" fill="${c.slate300}"/>
<path d="M 1130 250 L 1190 200 L 1190 960 L 1130 1010 Z" fill="${c.slate700}"/>
<rect x="470" y="250" width="660" height="760" rx="14" fill="url(#front)"/>
<rect x="520" y="300" width="560" height="660" rx="12" fill="${c.slate500}"/>
<rect x="530" y="310" width="540" height="640" rx="10" fill="url(#door)"/>
<rect x="504" y="380" width="30" height="90" rx="8" fill="${c.slate700}"/>
<rect x="504" y="790" width="30" height="90" rx="8" fill="${c.slate700}"/>
<rect x="530" y="1010" width="70" height="26" rx="6" fill="${c.slate800}"/>
<rect x="1000" y="1010" width="70" height="26" rx="6" fill="${c.slate800}"/>

<circle cx="800" cy="540" r="128" fill="url(#brass)"/>
<circle cx="800" cy="540" r="104" fill="${c.slate800}"/>
${ticks}
<circle cx="800" cy="540" r="58" fill="${c.slate700}"/>
<circle cx="800" cy="540" r="44" fill="url(#steel)"/>
<rect x="794" y="500" width="12" height="34" rx="6" fill="${c.slate700}"/>
<path d="M 788 402 L 812 402 L 800 424 Z" fill="${c.amber}"/>

<circle cx="800" cy="790" r="46" fill="${c.slate700}"/>
${spoke(60)}${spoke(180)}${spoke(300)}
<circle cx="800" cy="790" r="30" fill="url(#brass)"/>

<rect x="970" y="860" width="70" height="44" rx="6" fill="${c.slate700}"/>
<rect x="982" y="872" width="46" height="20" rx="4" fill="${c.amberLight}" opacity="0.8"/>
<path d="M 560 330 L 680 330 L 560 450 Z" fill="#ffffff" opacity="0.25"/>`;
  return svg(defs, body);
}

function shopFront(): string {
  const defs = `
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#d7e3ee"/><stop offset="1" stop-color="${c.paper}"/>
  </linearGradient>
${linear('facade', 'down', ['0', c.paper], ['1', c.paperShade])}
  <linearGradient id="shopGlass" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#2a5f8f"/><stop offset="1" stop-color="${c.navyDark}"/>
  </linearGradient>
  <pattern id="awning" x="140" width="120" height="140" patternUnits="userSpaceOnUse">
    <rect width="60" height="140" fill="${c.navy}"/><rect x="60" width="60" height="140" fill="${c.slate100}"/>
  </pattern>`;
  const scallops = Array.from({ length: 22 }, (_, i) => {
    const x = 140 + i * 60;
    return `<path d="M ${x} 599 A 30 24 0 0 0 ${x + 60} 599 Z" fill="${i % 2 === 0 ? c.navy : c.slate100}"/>`;
  }).join('');
  const upperWindow = (x: number) => `
  <rect x="${x}" y="190" width="190" height="150" rx="6" fill="${c.slate500}"/>
  <rect x="${x + 12}" y="202" width="166" height="126" rx="4" fill="url(#glass)"/>
  <rect x="${x + 88}" y="202" width="14" height="126" fill="${c.slate500}"/>
  <path d="M ${x + 20} 210 L ${x + 60} 210 L ${x + 20} 270 Z" fill="#ffffff" opacity="0.4"/>
  <rect x="${x - 10}" y="340" width="210" height="14" rx="4" fill="${c.slate400}"/>`;
  const hangingKey = (x: number, y: number, s: number) =>
    `<line x1="${x}" y1="${y - 60}" x2="${x}" y2="${y - 20}" stroke="${c.slate400}" stroke-width="3"/>
     <g transform="translate(${x} ${y}) rotate(90) scale(${s})">${key('url(#brass)', c.navyDark)}</g>`;
  const body = `
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<rect x="100" y="110" width="1400" height="920" fill="url(#facade)"/>
<rect x="80" y="90" width="1440" height="40" rx="4" fill="${c.slate400}"/>
${[230, 530, 830, 1130].map(upperWindow).join('')}

<rect x="140" y="400" width="1320" height="110" rx="8" fill="${c.navy}"/>
<g transform="translate(660 455) scale(0.75)">${key('url(#brass)', c.navy)}</g>
<rect x="140" y="510" width="1320" height="90" fill="url(#awning)"/>
<rect x="140" y="510" width="1320" height="14" fill="${c.navyDark}" opacity="0.35"/>
<rect x="140" y="600" width="1320" height="40" fill="${c.navyDeep}" opacity="0.08"/>
${scallops}

<rect x="190" y="660" width="560" height="340" rx="6" fill="${c.slate500}"/>
<rect x="204" y="674" width="532" height="312" rx="4" fill="url(#shopGlass)"/>
<rect x="230" y="700" width="480" height="10" rx="5" fill="${c.slate400}"/>
${[290, 380, 470, 560, 650].map((x, i) => hangingKey(x, 790 + (i % 2) * 30, 0.38)).join('')}
<rect x="204" y="930" width="532" height="56" fill="${c.navyDeep}" opacity="0.6"/>
<rect x="260" y="906" width="120" height="40" rx="6" fill="${c.amber}" opacity="0.9"/>
<rect x="420" y="896" width="100" height="50" rx="6" fill="${c.slate300}"/>
<rect x="560" y="912" width="130" height="34" rx="6" fill="${c.amberLight}" opacity="0.8"/>
<path d="M 470 674 L 560 674 L 380 986 L 290 986 Z" fill="#ffffff" opacity="0.12"/>
<path d="M 600 674 L 630 674 L 450 986 L 420 986 Z" fill="#ffffff" opacity="0.12"/>

<rect x="830" y="640" width="250" height="390" rx="6" fill="${c.slate500}"/>
<rect x="846" y="656" width="218" height="374" rx="4" fill="${c.navy}"/>
<rect x="876" y="690" width="158" height="200" rx="6" fill="url(#shopGlass)"/>
<path d="M 960 690 L 990 690 L 910 890 L 880 890 Z" fill="#ffffff" opacity="0.14"/>
<rect x="1016" y="910" width="16" height="70" rx="8" fill="url(#brass)"/>

<rect x="1150" y="660" width="270" height="340" rx="6" fill="${c.slate500}"/>
<rect x="1164" y="674" width="242" height="312" rx="4" fill="url(#shopGlass)"/>
<circle cx="1285" cy="810" r="70" fill="${c.amber}" opacity="0.85"/>
<circle cx="1285" cy="810" r="34" fill="${c.navyDark}"/>
<rect x="1275" y="810" width="20" height="60" rx="6" fill="${c.navyDark}"/>
<path d="M 1330 674 L 1370 674 L 1240 986 L 1200 986 Z" fill="#ffffff" opacity="0.12"/>

<rect x="0" y="1030" width="${WIDTH}" height="170" fill="${c.slate300}"/>
<rect x="0" y="1030" width="${WIDTH}" height="12" fill="${c.slate400}"/>
${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 200 - 20}" y="1042" width="4" height="158" fill="${c.slate400}"/>`).join('')}
<rect x="0" y="1120" width="${WIDTH}" height="4" fill="${c.slate400}"/>

<g>
  <path d="M 1440 930 L 1540 930 L 1525 1034 L 1455 1034 Z" fill="${c.slate500}"/>
  <ellipse cx="1490" cy="840" rx="34" ry="100" fill="${c.sageDark}" transform="rotate(-12 1490 840)"/>
  <ellipse cx="1460" cy="870" rx="28" ry="80" fill="${c.sage}" transform="rotate(-36 1460 870)"/>
  <ellipse cx="1522" cy="868" rx="28" ry="84" fill="${c.sage}" transform="rotate(28 1522 868)"/>
</g>`;
  return svg(defs, body);
}

const images: Record<string, () => string> = {
  'gallery-tueroeffnung.jpg': frontDoor,
  'gallery-schlosswechsel.jpg': lockCylinder,
  'gallery-autooeffnung.jpg': carDoor,
  'gallery-tresor.jpg': safe,
  'shop.jpg': shopFront,
};

const only = process.argv.slice(2);
await mkdir(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(images)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const target = `${OUT_DIR}${name}`;
  await sharp(Buffer.from(draw()))
    .flatten({ background: c.paper })
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toFile(target);
  const { size } = await stat(target);
  console.log(`${name}: ${WIDTH}×${HEIGHT}, ${(size / 1024).toFixed(1)} KB`);
}
