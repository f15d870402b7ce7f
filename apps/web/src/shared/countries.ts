import { useQuery } from '@tanstack/react-query';
import { fetchCountries } from './api/countries.api';

export const COUNTRIES_KEY = ['countries'] as const;

/** The country list (name, dial code, two-letter code); it never changes while the app runs. */
export const useCountries = () =>
  useQuery({
    queryKey: COUNTRIES_KEY,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Matches the typed text anywhere in the country name (docs/product-rules.md, Navigation). */
export const countryNameFilter = (input: string, option?: { label?: unknown }): boolean =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
