import { useId } from 'react';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { pageSizeOptions, SelectField } from '../../../components/ui/select-field';

/** Admin spec 9: pairs pages of 10, 25, 50 or 100 (default 10). */
export const PAIR_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAIR_PAGE_SIZE = 10;

interface PairsFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
}

/** The search (sent 300 ms after the last key) and the page size. */
export function PairsFilters({ search, onSearch, pageSize, onPageSize }: PairsFiltersProps) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Pair filters"
      onSubmit={(event) => event.preventDefault()}
      className="mb-4 grid gap-4 sm:grid-cols-[1fr_10rem]"
    >
      <FormField id={`${id}-search`} label="Search">
        {() => (
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            placeholder="Symbol or Kraken symbol"
            autoComplete="off"
            onChange={(event) => onSearch(event.target.value)}
            className={inputClassName}
          />
        )}
      </FormField>
      <SelectField
        id={`${id}-size`}
        label="Page Size"
        value={pageSize}
        options={pageSizeOptions(PAIR_PAGE_SIZES)}
        onChange={onPageSize}
      />
    </form>
  );
}
