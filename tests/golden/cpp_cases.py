"""The case layout shared by the gen_cpp_*.py generators (read by tests/cpp/nn_golden.hpp).

Per case NAME: NAME_param_<key> (the module's state_dict, 0-dim entries as [1]), NAME_input,
NAME_output, NAME_gradOutput (g) and the gradients of sum(output * g): NAME_gradInput and
NAME_grad_<parameter>. Per loss case: NAME_input, NAME_target, optional NAME_weight, and for each
reduction R in mean, sum: NAME_R_loss and NAME_R_gradInput, the gradient of LOSS_SCALE * loss.
Every helper draws its random numbers in a fixed order: the committed goldens depend on it."""
import torch

LOSS_SCALE = 1.7


def rand(*shape):
    return torch.rand(*shape, dtype=torch.float64) * 2 - 1


def distinct(*shape):
    """Values in [-1, 1) that are all different (max pooling without ties)."""
    n = 1
    for s in shape:
        n *= s
    return ((torch.randperm(n).double() + torch.rand(n, dtype=torch.float64) * 0.5) / n * 2 - 1).reshape(shape)


def store_state(f, name, module):
    for key, value in module.state_dict().items():
        f.add("%s_param_%s" % (name, key), value.reshape(1) if value.dim() == 0 else value)


def store_grads(f, name, x, module):
    if x.requires_grad:
        f.add(name + "_gradInput", x.grad)
    for key, p in module.named_parameters():
        f.add("%s_grad_%s" % (name, key), p.grad)


def output_case(f, name, x, y):
    """Stores x, y and a random g, and backpropagates sum(y * g)."""
    g = rand(*y.shape)
    (y * g).sum().backward()
    f.add(name + "_input", x)
    f.add(name + "_output", y)
    f.add(name + "_gradOutput", g)


def layer_case(f, name, module, x, input_grad=True):
    """module(x), with g and the gradients of sum(module(x) * g)."""
    module = module.double()
    store_state(f, name, module)
    x = x.clone().requires_grad_(input_grad)
    output_case(f, name, x, module(x))
    store_grads(f, name, x, module)
    return module


def function_case(f, name, fn, x):
    """fn(x) with g and the input gradient of sum(fn(x) * g), as layer_case for a parameterless module."""
    x = x.clone().requires_grad_()
    output_case(f, name, x, fn(x))
    f.add(name + "_gradInput", x.grad)


def batchnorm_case(f, name, module, x, x_eval):
    """A training step on x (output, gradients, running statistics after when tracked), then evaluation
    on x_eval as the case NAME_eval."""
    module = module.double()
    with torch.no_grad():
        module.weight.copy_(rand(*module.weight.shape) + 1)
        module.bias.copy_(rand(*module.bias.shape))
        if module.track_running_stats:
            module.running_mean.copy_(rand(*module.running_mean.shape))
            module.running_var.copy_(torch.rand(*module.running_var.shape, dtype=torch.float64) + 0.5)
    layer_case(f, name, module, x)
    if module.track_running_stats:
        f.add(name + "_after_running_mean", module.running_mean)
        f.add(name + "_after_running_var", module.running_var)
    module.eval()
    function_case(f, name + "_eval", module, x_eval)


def store_states(f, name, state, final, gs):
    """A recurrent case's states: NAME_state<i> (given), NAME_final<i> (new), NAME_gradFinal<i> (its
    weighting g_i) and NAME_gradState<i> (the gradient for the given state)."""
    for i, (s0, s, g) in enumerate(zip(state, final, gs)):
        f.add("%s_state%d" % (name, i), s0)
        f.add("%s_final%d" % (name, i), s)
        f.add("%s_gradFinal%d" % (name, i), g)
        f.add("%s_gradState%d" % (name, i), s0.grad)


def loss_case(f, name, fn, x, target, weight=None):
    """fn(x, target, weight, reduction) for both reductions, with the gradient of LOSS_SCALE * loss."""
    f.add(name + "_input", x)
    f.add(name + "_target", target)
    if weight is not None:
        f.add(name + "_weight", weight)
    for reduction in ("mean", "sum"):
        xr = x.clone().requires_grad_()
        loss = fn(xr, target, weight, reduction)
        (grad,) = torch.autograd.grad(loss * LOSS_SCALE, xr)
        f.add("%s_%s_loss" % (name, reduction), loss.reshape(1))
        f.add("%s_%s_gradInput" % (name, reduction), grad)
