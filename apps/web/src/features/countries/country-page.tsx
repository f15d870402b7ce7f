import { DEFAULT_COUNTRY } from '@dpp/shared/constants';
import { Alert, Select } from 'antd';
import { useEffect, useState } from 'react';
import { countryNameFilter, useCountries } from '../../shared/countries';
import { Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';

const SELECT_ID = 'country-select';

/** Country selection with a search on any part of the name. */
export function CountryPage() {
  const { data, isLoading, isError } = useCountries();
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const [open, setOpen] = useState(false);
  useDocumentTitle('Select your country');
  const selected = data?.find((c) => c.name === country);
  // The page is taken over at the visitor's first interaction (ADR 0033): a press on the box before then focuses
  // it but reaches no handler, so the list the press asked for opens once the app has taken the page over.
  useEffect(() => {
    if (document.activeElement?.id === SELECT_ID) setOpen(true);
  }, []);

  return (
    <section className="container" style={{ maxWidth: 560, padding: '48px 16px' }}>
      <Title level={1}>Select your country</Title>
      {isError && <Alert type="error" title="We could not load the country list. Please try again." />}
      <label htmlFor={SELECT_ID} style={{ display: 'block', fontWeight: 600, marginBottom: 8 }}>
        Country
      </label>
      <Select
        id={SELECT_ID}
        open={open}
        onOpenChange={setOpen}
        showSearch={{ filterOption: countryNameFilter }}
        loading={isLoading}
        value={country}
        onChange={setCountry}
        style={{ width: '100%' }}
        size="large"
        options={(data ?? []).map((c) => ({ value: c.name, label: c.name }))}
      />
      {selected && (
        <p style={{ marginTop: 16 }}>
          {selected.name} ({selected.code}), dialling code {selected.dial_code}
        </p>
      )}
    </section>
  );
}
