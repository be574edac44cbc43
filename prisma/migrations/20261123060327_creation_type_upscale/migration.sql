-- AlterEnum
ALTER TYPE "CreationType" ADD VALUE 'UPSCALE';
