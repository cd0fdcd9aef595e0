/**
 * The libraries the app starts with, imported for their side effects alone: `main.tsx` evaluates them in a task of
 * their own before the app's modules. Evaluated together (React DOM's start among them), the two held a phone's main
 * thread in one long piece (decision 036).
 */
import 'react';
import 'react-dom/client';
import 'react-router/dom';
import '@tanstack/react-query';
import 'i18next';
import 'react-i18next';
