import type { ImportForms } from '@school/contract/requests';
import type { ImportAnswer } from '@school/contract/responses';
import { formWithFile, postForm } from './post-form.ts';

/** The text fields an import at `url` takes beside its file and `dry_run` (the contract's `ImportForms`). */
export type ImportFields<Url extends keyof ImportForms> = Omit<ImportForms[Url], 'dry_run'>;

type DryRun = NonNullable<ImportForms[keyof ImportForms]['dry_run']>;

/**
 * POSTs an import's or bulk upload's file with its fields, reporting upload progress. It is a
 * check that changes nothing unless `dryRun` is false: only then is `dry_run=false` sent (DESIGN §3).
 */
export function postImport<Url extends keyof ImportForms>(
  url: Url,
  fields: ImportFields<Url>,
  { dryRun, file }: { dryRun: boolean; file: File },
  onProgress?: (percent: number) => void,
): Promise<ImportAnswer> {
  const dry_run: DryRun = dryRun ? 'true' : 'false';
  return postForm<ImportAnswer>(url, formWithFile({ ...fields, dry_run }, file), onProgress);
}
