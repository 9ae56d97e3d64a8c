/**
 * The city filter of a search screen: the shared city picker, whose hidden `city` input
 * submits with the GET form when there is no JavaScript. Once hydrated, choosing or
 * clearing a city tells the screen at once (a `search-city` event on the form), and a city
 * dropped elsewhere (its chip, Back) empties the picker.
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { $search, searchActions } from '../../lib/stores/search';
import { CityPicker, type CityChoice } from '../profiles/CityPicker';
import { withErrorBoundary } from '../ui/ErrorBoundary';

/** The event the picker sends its form; `detail` is the city id, or null for none. */
export const SEARCH_CITY_EVENT = 'search-city';

export interface SearchCityPickerProps {
  inputId: string;
  formId: string;
  initial: CityChoice | null;
}

export function SearchCityPicker({ inputId, formId, initial }: SearchCityPickerProps) {
  const { kind, filters, cityLabels } = useStore($search);
  const chosen = useRef<number | null>(initial?.id ?? null);
  // Until the screen starts, the server's city; then the one searched.
  const city = kind ? filters.city : (initial?.id ?? null);
  const shown: CityChoice | null = city === null ? null : { id: city, label: cityLabels[city] ?? (city === initial?.id ? initial.label : '') };
  const onChange = (next: CityChoice | null) => {
    chosen.current = next?.id ?? null;
    if (next) searchActions.nameCity(next.id, next.label);
    document.getElementById(formId)?.dispatchEvent(new CustomEvent(SEARCH_CITY_EVENT, { detail: next?.id ?? null }));
  };
  // A city changed elsewhere starts the picker afresh with it (one chosen here keeps the picker as it is).
  const generation = useRef(0);
  if (city !== chosen.current) {
    chosen.current = city;
    generation.current += 1;
  }
  return <CityPicker key={generation.current} name="city" label="City" inputId={inputId} initial={shown} onChange={onChange} />;
}

export default withErrorBoundary(SearchCityPicker);
