import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { validFields } from './valid-fields';

const form = (validateFields: () => Promise<unknown>) => ({ validateFields }) as unknown as FormInstance<{ name: string }>;

describe('validFields', () => {
  it('returns the values of a valid form', async () => {
    expect(await validFields(form(async () => ({ name: '张三' })))).toEqual({ name: '张三' });
  });
  it('turns antd’s validation rejection into null (the form shows the messages), leaving nothing unhandled', async () => {
    const invalid = form(() => Promise.reject({ errorFields: [{ name: ['name'], errors: ['请输入姓名'] }], values: {} }));
    expect(await validFields(invalid)).toBeNull();
  });
  it('still throws real failures', async () => {
    await expect(validFields(form(() => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
  });
});
