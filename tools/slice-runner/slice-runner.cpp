//===- slice-runner.cpp - Runs LLVM-dialect modules, code generated fast --===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The random differentials' runner (docs/testing.md): the subset of
// mlir-runner's command line that they use (`-e NAME`,
// `-entry-point-result=void`, `-shared-libs=A,B`, `-O0`..`-O3`), over
// mlir::ExecutionEngine, with the code generator at the level asked for.
// mlir-runner 22 generates code at LLVM's default level whatever `-O` says
// (ExecutionEngine keeps the host target machine's level), and on the
// differentials' modules, megabytes of LLVM dialect each, that code generation
// is most of a test's time: at -O0 (this tool's default) it takes a third of
// it. The hand-written value tests keep mlir-runner, and the AOT modes compile
// at -O3, so optimized code generation stays tested.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <optional>

using namespace mlir;

namespace {
namespace cl = llvm::cl;

cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<input file>"),
                                   cl::init("-"));
cl::opt<std::string> mainFuncName("e", cl::desc("The function to run"),
                                  cl::init("main"));
cl::opt<std::string>
    mainFuncType("entry-point-result",
                 cl::desc("Its result type (only `void` is supported)"),
                 cl::init("void"));
cl::list<std::string> sharedLibs("shared-libs",
                                 cl::desc("Libraries to link dynamically"),
                                 cl::CommaSeparated);
// Code generation levels, as mlir-runner spells them; the highest given wins.
cl::opt<bool> optO1("O1", cl::desc("Generate code at -O1"));
cl::opt<bool> optO2("O2", cl::desc("Generate code at -O2"));
cl::opt<bool> optO3("O3", cl::desc("Generate code at -O3"));
cl::opt<bool> optO0("O0", cl::desc("Generate code at -O0 (the default)"));

llvm::CodeGenOptLevel codeGenLevel() {
  if (optO3)
    return llvm::CodeGenOptLevel::Aggressive;
  if (optO2)
    return llvm::CodeGenOptLevel::Default;
  if (optO1)
    return llvm::CodeGenOptLevel::Less;
  return llvm::CodeGenOptLevel::None;
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "slice-runner: " << message << "\n";
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  cl::ParseCommandLineOptions(argc, argv, "slice's fast JIT runner\n");
  if (mainFuncType != "void")
    return fail("-entry-point-result=" + mainFuncType +
                " is not supported, only void");

  DialectRegistry registry;
  registry.insert<LLVM::LLVMDialect, omp::OpenMPDialect, DLTIDialect>();
  registerAllToLLVMIRTranslations(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  std::string error;
  auto file = openInputFile(inputFilename, &error);
  if (!file)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return fail("could not parse " + inputFilename);

  llvm::SmallVector<llvm::StringRef> libs(sharedLibs.begin(), sharedLibs.end());
  ExecutionEngineOptions options;
  options.sharedLibPaths = libs;
  options.jitCodeGenOptLevel = codeGenLevel();
  // ExecutionEngine generates code with the target machine it is given (or
  // the host's at the default level), whatever jitCodeGenOptLevel says: the
  // level goes into the target machine.
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return fail("no target for this host: " +
                llvm::toString(machineBuilder.takeError()));
  machineBuilder->setCodeGenOptLevel(codeGenLevel());
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return fail("no target machine: " + llvm::toString(machine.takeError()));
  auto engine = ExecutionEngine::create(*module, options, std::move(*machine));
  if (!engine)
    return fail("could not create the JIT: " +
                llvm::toString(engine.takeError()));
  if (llvm::Error invoked = (*engine)->invokePacked(mainFuncName))
    return fail("could not run @" + mainFuncName + ": " +
                llvm::toString(std::move(invoked)));
  std::fflush(stdout);
  return 0;
}
