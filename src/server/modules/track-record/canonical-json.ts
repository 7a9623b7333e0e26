/**
 * The one serialisation the track record hashes: JSON without whitespace, object keys in
 * JavaScript's default sort order, everything else as JSON.stringify writes it. Parsing it and
 * writing it again gives the same text, which is what lets anyone recompute a hash from the export
 * (verify-track-record.mjs applies the same rule). Undefined members are left out, as
 * JSON.stringify leaves them; a number that JSON cannot hold is refused rather than written as null.
 */
export type CanonicalValue =
  string | number | boolean | null | undefined | CanonicalValue[] | { [key: string]: CanonicalValue };

export function canonicalJson(value: CanonicalValue): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error(`canonical JSON cannot hold ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const members = Object.keys(value)
    .sort()
    .filter((key) => value[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
  return `{${members.join(',')}}`;
}
