import { z } from 'zod';

/** Server-side twins of the spec's form rules (part 1 §5); every message is the spec's text. */
const signupPassword = z
  .string({ required_error: 'Password is required', invalid_type_error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(100, 'Password must be at most 100 characters')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character');

export const registerSchema = z.object({
  displayName: z
    .string({ required_error: 'Full name is required', invalid_type_error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  username: z
    .string({
      required_error: 'Username must be at least 3 characters',
      invalid_type_error: 'Username must be at least 3 characters',
    })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers and underscores'),
  email: z
    .string({ required_error: 'Invalid email address', invalid_type_error: 'Invalid email address' })
    .trim()
    .max(100, 'Email must be at most 100 characters')
    .email('Invalid email address'),
  password: signupPassword,
});

export const loginSchema = z.object({
  emailOrUsername: z
    .string({ required_error: 'Username or email is required', invalid_type_error: 'Username or email is required' })
    .trim()
    .min(1, 'Username or email is required')
    .max(100, 'Username or email is required'),
  password: z
    .string({ required_error: 'Password is required', invalid_type_error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is required'),
  rememberMe: z.boolean().optional().default(false),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ required_error: 'Invalid email address', invalid_type_error: 'Invalid email address' })
    .trim()
    .max(100, 'Invalid email address')
    .email('Invalid email address'),
});

/** The reset screen's rules are not the signup ones (spec part 1 §5 "Reset password"). */
export const resetPasswordSchema = z.object({
  token: z
    .string({
      required_error: 'This password reset link is invalid or has expired.',
      invalid_type_error: 'This password reset link is invalid or has expired.',
    })
    .max(200, 'This password reset link is invalid or has expired.'),
  newPassword: z
    .string({
      required_error: 'Password must be at least 10 characters',
      invalid_type_error: 'Password must be at least 10 characters',
    })
    .min(10, 'Password must be at least 10 characters')
    .max(100, 'Password must be at most 100 characters')
    .refine(
      (p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /[^A-Za-z]/.test(p),
      'Password must contain at least one uppercase letter, one lowercase letter, and one number or symbol',
    ),
});

export const deleteAccountSchema = z.object({
  password: z
    .string({ required_error: 'Password is required', invalid_type_error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is required'),
});
