import type { Country } from '@dpp/shared/schemas/templates';
import { apiGet } from './client';

/** The country list (name, dial code, two-letter code). */
export const fetchCountries = (signal?: AbortSignal) => apiGet<Country[]>('/api/countries', signal);
