/**
 * The choice of robot model and control cabinet version (apply and modify model): the generated
 * request schema (VirtualMachineRequest) with this page's messages, and the rule that the
 * version must be one the chosen model runs on (the catalogue's combinations only).
 * Messages are keys of the `virtual` catalogue, or `messages:<key>` for the sentence the server
 * says too when it refuses a combination (virtual.unsupported_combination).
 */
import { z } from 'zod';
import {
  VirtualMachineRequest,
  virtualMachineRequestCabinetVersionMax,
  virtualMachineRequestRobotModelMax,
} from '@/api/generated/model/virtualMachineRequest.zod';
import type { VirtualModel } from '../api/virtual-trial';

export type TrialChoiceMessage = 'picker.modelRequired' | 'picker.cabinetRequired' | 'messages:virtual.unsupported_combination';

export function trialChoiceSchema(models: readonly VirtualModel[]) {
  return VirtualMachineRequest.extend({
    robotModel: z
      .string()
      .trim()
      .min(1, 'picker.modelRequired' satisfies TrialChoiceMessage)
      .max(virtualMachineRequestRobotModelMax, 'picker.modelRequired' satisfies TrialChoiceMessage),
    cabinetVersion: z
      .string()
      .trim()
      .min(1, 'picker.cabinetRequired' satisfies TrialChoiceMessage)
      .max(virtualMachineRequestCabinetVersionMax, 'picker.cabinetRequired' satisfies TrialChoiceMessage),
  }).superRefine((value, ctx) => {
    if (!value.robotModel || !value.cabinetVersion) return;
    const model = models.find((m) => m.robotModel === value.robotModel);
    if (!model) {
      ctx.addIssue({ code: 'custom', path: ['robotModel'], message: 'picker.modelRequired' satisfies TrialChoiceMessage });
    } else if (!model.cabinetVersions.includes(value.cabinetVersion)) {
      ctx.addIssue({ code: 'custom', path: ['cabinetVersion'], message: 'messages:virtual.unsupported_combination' satisfies TrialChoiceMessage });
    }
  });
}

export type TrialChoice = z.output<ReturnType<typeof trialChoiceSchema>>;

/** Whether a choice is what the trial runs already (a switch to it would change nothing). */
export function isSameChoice(choice: TrialChoice, current: { robotModel: string; cabinetVersion: string }): boolean {
  return choice.robotModel === current.robotModel && choice.cabinetVersion === current.cabinetVersion;
}
