import { useState } from 'react';
// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into the first load
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { ApiError } from '../../core/api/client';
import { useT } from '../../views/i18n/i18n-context';

/** A wrong code reads as such; anything else (too many tries, offline) gives the server's own words. */
const joinError = (err: unknown, badCode: string) => (err instanceof ApiError && err.status !== 404 && err.message ? err.message : badCode);

/**
 * The class page without a code, or with a wrong one: type the class code. Its own module (antd-mobile's
 * Form and Input, ≈ 28 kB br) so that a class page opened from its QR code does not load it.
 */
export function JoinCodeForm({ code, error, onEnter }: { code: string; error: unknown; onEnter: (code: string) => void }) {
  const t = useT();
  const [input, setInput] = useState(code);
  return (
    <Form
      layout="horizontal"
      footer={
        <Button block color="primary" onClick={() => onEnter(input.trim().toUpperCase())}>
          {t('h5.join.enter')}
        </Button>
      }
    >
      <Form.Item
        label={t('h5.join.code')}
        // Shown under the field: antd-mobile's `help` hides its text behind a ? icon, so a wrong code looked accepted.
        description={
          error ? (
            <span role="alert" data-testid="h5-join-error" style={{ color: 'var(--adm-color-danger)' }}>
              {joinError(error, t('h5.join.badCode'))}
            </span>
          ) : undefined
        }
      >
        <Input value={input} onChange={setInput} clearable placeholder="ABCD2345" />
      </Form.Item>
    </Form>
  );
}
