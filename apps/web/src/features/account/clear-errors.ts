import type { FormInstance } from 'antd';

/** Forms validate on save and clear a field's error as soon as it is edited. */
export const clearErrorsOnChange =
  (form: FormInstance) =>
  (changed: object): void => {
    form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
  };
