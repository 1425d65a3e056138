// JSON Schema files generated from the zod schemas, so editors (via the yaml-language-server comment at the
// top of each YAML file) complete fields and flag mistakes while the maintainer types.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { categorySchema, siteSchema } from './schema.ts';

export const SCHEMA_FOLDER = '.schema';

export function jsonSchemas(): Record<string, object> {
  const emit = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  return { 'site.schema.json': emit(siteSchema), 'category.schema.json': emit(categorySchema) };
}

/** Writes the schema files into `<catalogue>/.schema/` (ignored by git: they are generated). The catalogue folder
 *  must exist: it is never made here. */
export async function writeJsonSchemas(catalogueDir: string): Promise<string[]> {
  const dir = join(catalogueDir, SCHEMA_FOLDER);
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return Promise.all(
    Object.entries(jsonSchemas()).map(async ([name, schema]) => {
      await writeFile(join(dir, name), `${JSON.stringify(schema, null, 2)}\n`);
      return join(dir, name);
    }),
  );
}
