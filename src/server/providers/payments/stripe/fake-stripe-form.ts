/**
 * Test helper: reads Stripe's request bodies as the API does. They are
 * application/x-www-form-urlencoded with bracket keys for nesting: `metadata[paymentId]=...`,
 * `payment_method_types[0]=card`, `automatic_payment_methods[enabled]=true`. Values stay strings,
 * as they are on the wire; an object whose keys are all indices becomes an array.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = splitKey(key);
    if (!path) throw new Error(`Invalid parameter name: ${key}`);
    let node: FormObject = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) {
        const child: FormObject = {};
        node[part] = child;
        node = child;
      } else {
        node = next;
      }
    });
  }
  return arraysFromIndices(root) as FormObject;
}

/** `a[b][0]` → ['a', 'b', '0']; null when the brackets do not pair up. */
function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1], ...rest];
}

function arraysFromIndices(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysFromIndices(value[k] as FormValue)]));
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? keys.map((k) => converted[k] as FormValue) : converted;
}
