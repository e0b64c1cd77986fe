import type { zhSecurity } from './zh-security';

/** English text of security and resilience (product-rules.md#security). */
export const enSecurity: Record<keyof typeof zhSecurity, string> = {
  'h5.studentCodeWrong': 'The student code is wrong; ask your teacher for your student code',
  'h5.studentCodeRequired': 'Please enter your student code',
  'h5.code.title': 'Enter your student code',
  'h5.code.label': 'Student code',
  'h5.code.placeholder': 'The 6-character code from your teacher',
  'h5.code.help': 'Every student has their own code, on the teacher’s class list. Only with your own code can you read your messages and hand in your essay. Do not tell it to anyone.',
  'h5.code.confirm': 'OK',
  'h5.upload.againKept': 'Submit again (your teacher keeps the earlier photos)',
  'notify.h5Resubmitted': '“{title}”: {student} submitted the essay again from a phone; the earlier {pages} page(s) are kept as a previous version',
  'student.h5Code': 'Student code',
  'student.h5CodeHelp': 'Students type it on their phone to read their messages and hand in essays; one per student, give it to each student privately',
  'student.h5CodeReset': 'Reset student code',
  'student.h5CodeResetConfirm': 'Give {name} a new student code? The old code stops working at once; give the new one to the student privately.',
  'student.h5CodeResetDone': 'New student code for {name}: {code}',
  'auth.passwordChangeRequired': 'Please change your initial password before you continue',
  'config.headmasterOnly': 'Only the headmaster can change the school-wide scoring configuration',
  'auth.accountDelayed': 'Too many failed sign-ins: the account is locked for {seconds} seconds; try again then, or sign in with an SMS code',
  'input.numberOutOfRange': 'A number is out of the allowed range; please check the input',
  'input.badValue': 'A request value has the wrong format; please check the input',
  'input.nulCharacter': 'The input contains a NUL character, which is not allowed; please remove it',
  'input.bodyTooLarge': 'The request is too large; please send less',
  'input.badJson': 'The request body is not valid JSON',
  'input.mediaType': 'This content type is not supported',
  'storage.full': 'The server’s storage is full and the file was not saved; ask your administrator to free some space, then try again',
};
