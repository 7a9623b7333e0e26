import { useId, useState } from 'react';
import { inputClassName } from '../../../components/ui/form-field';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { FILTER_DEBOUNCE_MS } from '../../../lib/debounce';
import { SEARCH_MAX_LENGTH } from '../lib/offers-url';
import { fieldLabel } from './filter-controls';

/** 'Search Pair': the text shows as typed; the list follows 300 ms after the last keystroke. */
export function SearchPairField({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const search = useDebouncedCallback(onSearch, FILTER_DEBOUNCE_MS);
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        Search Pair
      </label>
      <input
        id={id}
        type="search"
        placeholder="e.g. BTC/USD"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          search(event.target.value);
        }}
        className={`${inputClassName} mt-2`}
      />
    </div>
  );
}
