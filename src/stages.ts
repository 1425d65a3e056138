// A small runner for the build's stages. Each stage names the stages whose results it needs; the runner starts
// it as soon as they are there (so independent stages overlap: the bundle is made while the catalogue is
// validated), times its own work, and reports it. When a stage fails, no further stage starts, the ones
// already running are waited for, and the first failure is thrown: nothing is left running behind the build.

export interface Stage<Results, Name extends keyof Results> {
  /** The stages whose results `run` reads. */
  needs?: readonly (keyof Results)[];
  run(results: Results): Promise<Results[Name]> | Results[Name];
  /** One line on what it did, for the report; stages without one are not reported. */
  summary?(value: Results[Name]): string;
}

export type Stages<Results> = { [Name in keyof Results]: Stage<Results, Name> };

/** `ms`: from the stage's start (its inputs ready) to its end; `at`: its start, from the start of the run. */
export type StageReport = (name: string, ms: number, at: number, summary: string) => void;

export async function runStages<Results extends object>(stages: Stages<Results>, report: StageReport): Promise<Results> {
  const names = Object.keys(stages) as (keyof Results)[];
  for (const name of names) {
    for (const need of stages[name].needs ?? []) if (!(need in stages)) throw new Error(`Internal error: stage "${String(name)}" needs "${String(need)}", which is no stage`);
  }
  const results = {} as Results;
  const begun = performance.now();
  const running = new Map<keyof Results, Promise<void>>();
  let failure: { error: unknown } | undefined;

  const start = (name: keyof Results): Promise<void> => {
    let promise = running.get(name);
    if (promise) return promise;
    const stage = stages[name];
    const needs = stage.needs ?? [];
    promise = Promise.all(needs.map(start)).then(async () => {
      if (failure) return;
      const started = performance.now();
      try {
        const value = await stage.run(onlyWhatItNeeds(results, name, needs));
        results[name] = value;
        if (stage.summary) report(String(name), performance.now() - started, started - begun, stage.summary(value));
      } catch (error) {
        failure ??= { error };
      }
    });
    running.set(name, promise);
    return promise;
  };

  await Promise.all(names.map(start));
  if (failure) throw failure.error;
  return results;
}

/** The results, with a read of anything the stage did not declare caught as the bug it is. */
function onlyWhatItNeeds<Results extends object>(results: Results, name: keyof Results, needs: readonly (keyof Results)[]): Results {
  return new Proxy(results, {
    get(target, key) {
      if (!needs.includes(key as keyof Results)) throw new Error(`Internal error: stage "${String(name)}" reads "${String(key)}" without listing it in its needs`);
      return target[key as keyof Results];
    },
  });
}
