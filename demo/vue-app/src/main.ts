// Importing the package defines <zp-task-board>, <zp-correction-panel>, <zp-class-report> and
// <zp-growth-profile> before the app mounts, so Vue binds their props as properties (an object such
// as `theme` would otherwise arrive as "[object Object]").
import '@zhipi/elements';
// Template types: props and @zp-* events of the four elements, checked by vue-tsc.
import type {} from '@zhipi/elements/vue';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
