import { benchDocument } from './generate';
import { loadCatalog } from '../server/src/catalog';
import { LanguageService } from '../server/src/service/languageService';
const t0 = performance.now();
const catalog = loadCatalog();
const t1 = performance.now();
const docs = [1, 2, 3].map((i) => benchDocument('json', 'x', 1_000_000, 99, 1_000_000 + i));
for (const d of docs) {
  const service = new LanguageService(catalog);
  const a = performance.now();
  const parsed = service.parse(d.text, 'json');
  const b = performance.now();
  const diags = service.diagnostics(parsed, 'x.json');
  const c = performance.now();
  console.log(`parse ${(b - a).toFixed(0)} ms, diagnostics ${(c - b).toFixed(0)} ms, ${diags.length} findings`);
}
console.log(`catalog ${(t1 - t0).toFixed(0)} ms`);
