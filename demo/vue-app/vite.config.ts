import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  // zp-* are custom elements (zhipi's), not Vue components: Vue binds their props as DOM properties
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('zp-') } } })],
});
