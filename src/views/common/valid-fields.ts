import type { FormInstance } from 'antd';

/**
 * antd's validateFields rejects when a field is invalid; the form already shows the message, so that
 * rejection is not an error. Awaiting it bare in a click handler left an unhandled promise rejection
 * on every invalid submit (product-rules.md#teacher-journey). Returns the values, or null when the form shows errors.
 */
export async function validFields<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (err) {
    if (err && typeof err === 'object' && 'errorFields' in err) return null;
    throw err;
  }
}
