// The build read top to bottom: load → validate → model → render → bundle → emit. Each stage is its own
// module; this file only sequences them, times them and reports.
import { loadCatalogue } from './catalogue/load.ts';
import { errorsIn, formatProblems, summarise } from './catalogue/problems.ts';
import { validateCatalogue } from './catalogue/validate.ts';
import { buildModel, type Site } from './model/model.ts';

export interface Reporter {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Load and validate a catalogue, print its problems, and return the model when it is valid. */
export async function checkCatalogue(dir: string, io: Reporter, shownDir = dir): Promise<{ ok: boolean; site?: Site }> {
  const source = await loadCatalogue(dir);
  const { problems, catalogue } = validateCatalogue(source);
  if (problems.length) (errorsIn(problems).length ? io.err : io.out)(formatProblems(problems, shownDir));
  if (!catalogue) {
    io.err('The catalogue has errors; fix them and run again. Nothing was built.');
    return { ok: false };
  }
  const site = buildModel(catalogue);
  if (!problems.length) io.out(`${summarise(problems)} ${site.categories.length} categories, ${site.services.length} services.`);
  return { ok: true, site };
}
