// `node scripts/cpu-profile-attribution.mjs <file.cpuprofile> [--top 30]`: where a V8 CPU profile's
// self time went, by package or source file. Frames inside Next's server bundles (.next/server) are
// mapped back through their source maps, so the app's own files, React and Next are told apart.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-attribution.mjs <file.cpuprofile> [--top N]');
  process.exit(2);
}
const top = rest.includes('--top') ? Number(rest[rest.indexOf('--top') + 1]) : 30;
const profile = JSON.parse(readFileSync(file, 'utf8'));

const selfUs = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node);
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + profile.timeDeltas[i]));

const maps = new Map();
function sourceMapOf(path) {
  if (!maps.has(path)) {
    const mapPath = `${path}.map`;
    maps.set(
      path,
      existsSync(mapPath) ? new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8'))) : null,
    );
  }
  return maps.get(path);
}

/** The package or file a frame's code comes from, its bundle's source map followed. */
function origin(callFrame) {
  const { url, functionName, lineNumber, columnNumber } = callFrame;
  if (!url) return `(${functionName || 'native'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/')[0];
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  let source = path;
  if (path.includes('/.next/server/')) {
    const entry = sourceMapOf(path)?.findEntry(lineNumber, columnNumber);
    source = entry?.originalSource
      ? decodeURIComponent(entry.originalSource)
      : `${path.slice(path.indexOf('/.next/'))} (unmapped)`;
  }
  return classify(source);
}

function classify(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    if (name === 'next') return `next/${nextArea(parts.slice(1).join('/'))}`;
    return name;
  }
  const inRepo = /(?:^|\/)((?:app|lib|components|server\.ts|scripts|messages)(?:\/[^/]+)?)/.exec(
    source.replace(/^.*\/work\/[^/]+\/[^/]+\//, ''),
  );
  return inRepo ? `ours: ${inRepo[1]}` : source;
}

function nextArea(rest) {
  if (rest.includes('compiled/react-server-dom')) return 'react-server-dom (RSC)';
  if (rest.includes('compiled/react-dom')) return 'react-dom (HTML)';
  if (rest.includes('compiled/')) return `compiled/${rest.split('compiled/')[1].split('/')[0]}`;
  return rest.split('/').slice(0, 3).join('/');
}

const totals = new Map();
let all = 0;
/** A native function is named with the nearest JavaScript caller's origin (zlib's write, a socket's). */
function keyOf(node) {
  const own = origin(node.callFrame);
  if (node.callFrame.url || !node.callFrame.functionName || own === '(idle)') return own;
  for (let up = parentOf.get(node.id); up; up = parentOf.get(up.id))
    if (up.callFrame.url) return `${own} from ${origin(up.callFrame)}`;
  return own;
}

for (const [id, us] of selfUs) {
  const key = keyOf(byId.get(id));
  totals.set(key, (totals.get(key) ?? 0) + us);
  all += us;
}
const busy = all - (totals.get('(idle)') ?? 0);
console.log(
  `${file}: ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle (shares below are of that)`,
);
for (const [key, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (key === '(idle)') continue;
  console.log(
    `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`,
  );
}
